package io.sluice.hbase;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A folder of HFiles large enough to be cut into several splits, written by HBase's own {@link
 * StoreFileWriter} in blocks of 1 KiB: {@value #ROWS} rows of family {@code d} in two files that
 * merge (newer versions, a column and a family deleted, cells with TTLs, a row of many cells
 * spanning several blocks) and of family {@code t} in one file whose block index has more than one
 * level.
 */
final class CutRegionFiles {

  static final int ROWS = 3000;

  /** A row whose qualifiers fill several blocks. */
  static final int WIDE_ROW = 1234;

  private CutRegionFiles() {}

  static String rowKey(int i) {
    return String.format("row-%05d", i);
  }

  /** Writes the files into {@code folder}: {@code d/} and {@code t/}. */
  static Path write(Path folder) throws IOException {
    long t0 = System.currentTimeMillis() - 3_600_000;
    List<KeyValue> first = new ArrayList<>();
    List<KeyValue> newer = new ArrayList<>();
    List<KeyValue> notes = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      byte[] row = Bytes.toBytes(rowKey(i));
      first.add(put(row, "d", "name", t0, "name-" + i + "-v1"));
      first.add(
          new KeyValue(row, b("d"), b("qty"), t0, KeyValue.Type.Put, Bytes.toBytes((long) i)));
      if (i % 5 == 0) {
        first.add(
            new KeyValue(
                row,
                b("d"),
                b("temp"),
                t0,
                KeyValue.Type.Put,
                b("temp-" + i),
                List.<Tag>of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(7_200_000L)))));
      }
      if (i % 3 == 0) {
        newer.add(put(row, "d", "name", t0 + 1_000, "name-" + i + "-v2"));
      }
      if (i % 97 == 0) {
        newer.add(new KeyValue(row, b("d"), b("qty"), t0 + 1_000, KeyValue.Type.DeleteColumn));
      }
      if (i % 101 == 0) {
        newer.add(new KeyValue(row, b("d"), null, t0 + 1_000, KeyValue.Type.DeleteFamily));
      }
      notes.add(put(row, "t", "note", t0, "note-" + i));
    }
    for (int k = 0; k < 200; k++) {
      first.add(
          put(Bytes.toBytes(rowKey(WIDE_ROW)), "d", String.format("w%04d", k), t0, "wide-" + k));
    }
    Configuration conf = HBaseConfiguration.create();
    FileSystem fs = FileSystem.getLocal(conf);
    writeFile(conf, fs, folder.resolve("d/0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a"), first);
    writeFile(conf, fs, folder.resolve("d/0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"), newer);
    Configuration smallIndex = new Configuration(conf);
    // Index blocks of 1 KiB: the root level indexes leaf index blocks.
    smallIndex.setInt("hfile.index.block.max.size", 1024);
    writeFile(smallIndex, fs, folder.resolve("t/0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c"), notes);
    return folder;
  }

  private static void writeFile(Configuration conf, FileSystem fs, Path file, List<KeyValue> cells)
      throws IOException {
    List<KeyValue> sorted = new ArrayList<>(cells);
    sorted.sort(CellComparator.getInstance());
    StoreFileWriter writer =
        new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs)
            .withFilePath(new org.apache.hadoop.fs.Path(file.toUri()))
            .withFileContext(
                new HFileContextBuilder().withIncludesTags(true).withBlockSize(1024).build())
            .build();
    for (KeyValue cell : sorted) {
      writer.append(cell);
    }
    writer.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
    writer.close();
  }

  private static KeyValue put(byte[] row, String family, String qualifier, long ts, String value) {
    return new KeyValue(row, b(family), b(qualifier), ts, KeyValue.Type.Put, b(value));
  }

  private static byte[] b(String text) {
    return Bytes.toBytes(text);
  }
}
