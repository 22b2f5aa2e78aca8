package io.sluice.formats.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.GroupWriter;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes test fixtures with Apache Parquet's own writer, driven one level below {@code
 * ParquetWriter} (whose builder needs Hadoop): {@link ParquetFileWriter} with Parquet's column
 * writers and page store, exactly what {@code ParquetWriter} runs. Row groups end where the test
 * says ({@link #endRowGroup}), and the file offset where each ended is kept, so a test can damage a
 * chosen group. Pages carry CRCs, and rows are Parquet's example {@link Group}s. Other modules'
 * tests use it through this module's test jar.
 */
public final class ParquetFixtureWriter implements Closeable {

  private final ParquetFileWriter file;
  private final MessageType schema;
  private final ParquetProperties properties;
  private final CompressionCodecName codec;
  private final SimpleGroupFactory rows;
  private final MessageColumnIO columnIo;
  private ColumnChunkPageWriteStore pages;
  private ColumnWriteStore columns;
  private RecordConsumer consumer;
  private GroupWriter writer;
  private final List<Long> groupEnds = new ArrayList<>();
  private long rowsInGroup;

  // The constructor taking ParquetProperties has a same-arity overload taking a Hadoop
  // Configuration, which javac cannot resolve without Hadoop; page CRCs come from the page store.
  @SuppressWarnings("deprecation")
  private ParquetFixtureWriter(
      Path path,
      MessageType schema,
      CompressionCodecName codec,
      WriterVersion version,
      boolean dictionary)
      throws IOException {
    this.schema = schema;
    this.codec = codec;
    this.properties =
        ParquetProperties.builder()
            .withWriterVersion(version)
            .withDictionaryEncoding(dictionary)
            .withPageWriteChecksumEnabled(true)
            .build();
    this.rows = new SimpleGroupFactory(schema);
    this.columnIo = new ColumnIOFactory().getColumnIO(schema);
    this.file =
        new ParquetFileWriter(
            new LocalOutputFile(path), schema, ParquetFileWriter.Mode.OVERWRITE, 128 << 20, 0);
    file.start();
  }

  public static ParquetFixtureWriter create(Path path, MessageType schema) throws IOException {
    return create(path, schema, CompressionCodecName.UNCOMPRESSED, WriterVersion.PARQUET_1_0, true);
  }

  /**
   * @param dictionary whether columns are dictionary-encoded where Parquet would do so
   */
  public static ParquetFixtureWriter create(
      Path path,
      MessageType schema,
      CompressionCodecName codec,
      WriterVersion version,
      boolean dictionary)
      throws IOException {
    return new ParquetFixtureWriter(path, schema, codec, version, dictionary);
  }

  /** An empty row of the file's schema, to fill and {@link #write}. */
  public Group newRow() {
    return rows.newGroup();
  }

  public void write(Group row) {
    if (writer == null) {
      pages =
          new ColumnChunkPageWriteStore(
              TestCompressors.forCodec(codec),
              schema,
              new HeapByteBufferAllocator(),
              Integer.MAX_VALUE,
              true);
      columns = properties.newColumnWriteStore(schema, pages);
      consumer = columnIo.getRecordWriter(columns);
      writer = new GroupWriter(consumer, schema);
    }
    writer.write(row);
    rowsInGroup++;
  }

  /** Ends the current row group, if it holds any row. */
  public void endRowGroup() throws IOException {
    if (rowsInGroup == 0) {
      return;
    }
    consumer.flush(); // writes the nulls Parquet holds back for absent groups
    file.startBlock(rowsInGroup);
    columns.flush();
    pages.flushToFileWriter(file);
    file.endBlock();
    groupEnds.add(file.getPos());
    writer = null;
    rowsInGroup = 0;
  }

  /** The file offset just past each row group ended so far: its last page ends there. */
  public List<Long> groupEnds() {
    return List.copyOf(groupEnds);
  }

  @Override
  public void close() throws IOException {
    endRowGroup();
    file.end(Map.of());
  }
}
