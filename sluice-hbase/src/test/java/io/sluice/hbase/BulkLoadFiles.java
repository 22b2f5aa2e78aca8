package io.sluice.hbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.Pair;

/**
 * A folder of HFiles as a bulk-load job writes it ({@code FOLDER/FAMILY/FILE}), written by HBase's
 * own {@link StoreFileWriter} (the writer {@code HFileOutputFormat2} uses): families {@code d} and
 * {@code t} of 40 rows, in two key ranges; in the first, two files of {@code d} whose cells merge
 * (newer versions, every kind of delete marker) and two of {@code t} (a family delete), cells with
 * their own TTLs, a cell already expired and cells older than family {@code t}'s TTL. What HBase
 * returns for every row is read from a region that bulk loaded copies of the same files, with
 * HBase's own {@code Get}.
 */
final class BulkLoadFiles {

  static final int ROWS = 40;
  static final byte[] D = Bytes.toBytes("d");
  static final byte[] T = Bytes.toBytes("t");

  /** Family {@code t}'s TTL, which the job gives as {@code family-ttl}. */
  static final long FAMILY_TTL_SECONDS = 86_400;

  /** The TTL of each {@code d:temp} cell. */
  static final long CELL_TTL_MILLIS = 7_200_000;

  /** The versions a family keeps in the region HBase reads the files in. */
  static final int MAX_VERSIONS = 3;

  /**
   * A file of family {@code d} holding only rows of the second key range, relative to the folder.
   */
  static final String SECOND_RANGE_FILE = "d/0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c";

  /**
   * The folder of files, every row's cells as HBase's {@code Get} returns them, and every row's
   * versions of each column (up to 3), newest first.
   */
  record Files(
      Path folder,
      Map<String, Map<String, ExpectedCell>> rows,
      Map<String, Map<String, List<ExpectedCell>>> versions) {}

  private BulkLoadFiles() {}

  static String rowKey(int i) {
    return String.format("row-%03d", i);
  }

  /** Writes the files into {@code dir/bulk}, and reads them with HBase in {@code dir/hbase}. */
  static Files write(Path dir) throws Exception {
    Path folder = dir.resolve("bulk");
    long t0 = System.currentTimeMillis() - 3_600_000;
    long now = System.currentTimeMillis();
    Configuration conf = HBaseConfiguration.create();
    List<KeyValue> first = new ArrayList<>();
    List<KeyValue> newer = new ArrayList<>();
    List<KeyValue> notes = new ArrayList<>();
    List<KeyValue> second = new ArrayList<>();
    List<KeyValue> secondNotes = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      byte[] row = Bytes.toBytes(rowKey(i));
      List<KeyValue> d = i < ROWS / 2 ? first : second;
      d.add(put(row, D, "name", t0, "name-" + i + "-v1"));
      d.add(new KeyValue(row, D, q("qty"), t0, KeyValue.Type.Put, Bytes.toBytes((long) i)));
      if (i % 5 == 0) {
        d.add(
            new KeyValue(
                row,
                D,
                q("temp"),
                t0,
                KeyValue.Type.Put,
                Bytes.toBytes("temp-" + i),
                List.<Tag>of(
                    new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(CELL_TTL_MILLIS)))));
      }
      (i < ROWS / 2 ? notes : secondNotes).add(put(row, T, "note", t0, "note-" + i));
      if (i % 7 == 3) {
        // Older than family t's TTL: HBase does not return it.
        (i < ROWS / 2 ? notes : secondNotes)
            .add(put(row, T, "old", now - 2 * FAMILY_TTL_SECONDS * 1000, "too old"));
      }
    }
    for (int i = 0; i < ROWS / 2; i += 2) {
      newer.add(put(Bytes.toBytes(rowKey(i)), D, "name", t0 + 1_000, "name-" + i + "-v2"));
    }
    // The latest version of a column: the one before shows again.
    newer.add(marker(4, D, "name", t0 + 1_000, KeyValue.Type.Delete));
    // Every version of a column.
    newer.add(marker(6, D, "name", t0 + 1_000, KeyValue.Type.DeleteColumn));
    // A whole family.
    newer.add(marker(10, D, null, t0 + 1_000, KeyValue.Type.DeleteFamily));
    // One version of every column of a family: d:name's second version stays.
    newer.add(marker(12, D, null, t0, KeyValue.Type.DeleteFamilyVersion));
    // A cell whose own TTL has passed already.
    newer.add(
        new KeyValue(
            Bytes.toBytes(rowKey(14)),
            D,
            q("gone"),
            now,
            KeyValue.Type.Put,
            Bytes.toBytes("expires at once"),
            List.<Tag>of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(1L)))));
    List<KeyValue> familyDelete =
        List.of(marker(8, T, null, t0 + 1_000, KeyValue.Type.DeleteFamily));

    FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(conf);
    writeFile(conf, fs, folder.resolve("d/0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a"), first);
    writeFile(conf, fs, folder.resolve("d/0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"), newer);
    writeFile(conf, fs, folder.resolve(SECOND_RANGE_FILE), second);
    writeFile(conf, fs, folder.resolve("t/0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d"), notes);
    writeFile(conf, fs, folder.resolve("t/0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e"), familyDelete);
    writeFile(conf, fs, folder.resolve("t/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f"), secondNotes);
    Map<String, Map<String, List<ExpectedCell>>> versions = readWithHBase(dir, folder);
    Map<String, Map<String, ExpectedCell>> rows = new LinkedHashMap<>();
    versions.forEach(
        (key, columns) -> {
          Map<String, ExpectedCell> cells = new LinkedHashMap<>();
          columns.forEach((column, cellVersions) -> cells.put(column, cellVersions.get(0)));
          rows.put(key, cells);
        });
    return new Files(folder, rows, versions);
  }

  /** Writes {@code cells}, sorted, as one HFile with tags, as a bulk-load job's writer does. */
  private static void writeFile(Configuration conf, FileSystem fs, Path file, List<KeyValue> cells)
      throws IOException {
    List<KeyValue> sorted = new ArrayList<>(cells);
    sorted.sort(CellComparator.getInstance());
    StoreFileWriter writer =
        new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs)
            .withFilePath(new org.apache.hadoop.fs.Path(file.toUri()))
            .withFileContext(new HFileContextBuilder().withIncludesTags(true).build())
            .build();
    for (KeyValue cell : sorted) {
      writer.append(cell);
    }
    writer.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
    writer.close();
  }

  /**
   * Every row as HBase's {@code Get} of 3 versions returns it from a region that bulk loaded copies
   * of the files (the bulk load moves them), with family {@code t}'s TTL.
   */
  private static Map<String, Map<String, List<ExpectedCell>>> readWithHBase(Path dir, Path folder)
      throws Exception {
    Path copies = dir.resolve("bulk-loaded");
    List<Pair<byte[], String>> familyPaths = new ArrayList<>();
    try (Stream<Path> paths = java.nio.file.Files.walk(folder)) {
      for (Path file : paths.filter(java.nio.file.Files::isRegularFile).sorted().toList()) {
        if (file.getFileName().toString().startsWith(".")) {
          continue;
        }
        Path copy = copies.resolve(folder.relativize(file).toString());
        java.nio.file.Files.createDirectories(copy.getParent());
        java.nio.file.Files.copy(file, copy);
        familyPaths.add(
            new Pair<>(Bytes.toBytes(file.getParent().getFileName().toString()), copy.toString()));
      }
    }
    Path hbase = java.nio.file.Files.createDirectories(dir.resolve("hbase"));
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.HBASE_DIR, hbase.toUri().toString());
    // The local file system has no hflush: HBase refuses it for its WAL unless told.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.set("hbase.wal.provider", "filesystem");
    TableDescriptor table =
        TableDescriptorBuilder.newBuilder(TableName.valueOf("bulk"))
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(D).setMaxVersions(MAX_VERSIONS).build())
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(T)
                    .setMaxVersions(MAX_VERSIONS)
                    .setTimeToLive((int) FAMILY_TTL_SECONDS)
                    .build())
            .build();
    HRegion region =
        HBaseTestingUtility.createRegionAndWAL(
            RegionInfoBuilder.newBuilder(table.getTableName()).build(),
            new org.apache.hadoop.fs.Path(hbase.toUri()),
            conf,
            table);
    try {
      region.bulkLoadHFiles(familyPaths, true, null);
      Map<String, Map<String, List<ExpectedCell>>> rows = new LinkedHashMap<>();
      for (int i = 0; i < ROWS; i++) {
        Result result = region.get(new Get(Bytes.toBytes(rowKey(i))).readVersions(MAX_VERSIONS));
        if (result.isEmpty()) {
          continue;
        }
        Map<String, List<ExpectedCell>> cells = new LinkedHashMap<>();
        for (Cell cell : result.rawCells()) {
          String family = Bytes.toString(CellUtil.cloneFamily(cell));
          String qualifier = Bytes.toString(CellUtil.cloneQualifier(cell));
          long ts = cell.getTimestamp();
          long expires =
              family.equals("t")
                  ? (ts + FAMILY_TTL_SECONDS * 1000) / 1000
                  : qualifier.equals("temp") ? (ts + CELL_TTL_MILLIS) / 1000 : 0;
          cells
              .computeIfAbsent(family + ":" + qualifier, c -> new ArrayList<>())
              .add(new ExpectedCell(CellUtil.cloneValue(cell), ts, expires));
        }
        rows.put(rowKey(i), cells);
      }
      return rows;
    } finally {
      HBaseTestingUtility.closeRegionAndWAL(region);
    }
  }

  private static KeyValue put(byte[] row, byte[] family, String qualifier, long ts, String value) {
    return new KeyValue(row, family, q(qualifier), ts, KeyValue.Type.Put, Bytes.toBytes(value));
  }

  private static KeyValue marker(
      int row, byte[] family, String qualifier, long ts, KeyValue.Type type) {
    return new KeyValue(
        Bytes.toBytes(rowKey(row)), family, qualifier == null ? null : q(qualifier), ts, type);
  }

  private static byte[] q(String qualifier) {
    return Bytes.toBytes(qualifier);
  }
}
