package io.sluice.cli;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.GroupWriter;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes a Parquet file for a test with Apache Parquet's own writer, one level below {@code
 * ParquetWriter} (whose builder needs Hadoop): {@link ParquetFileWriter} with Parquet's column
 * writers and page store, as {@code ParquetWriter} runs them. Pages are uncompressed and carry
 * CRCs; row groups end where the test says, and the file offset where each ended is kept, so a test
 * can damage a chosen group. Rows are Parquet's example {@link Group}s.
 */
final class ParquetTestFile implements Closeable {

  private static final BytesInputCompressor UNCOMPRESSED =
      new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput bytes) {
          return bytes;
        }

        @Override
        public CompressionCodecName getCodecName() {
          return CompressionCodecName.UNCOMPRESSED;
        }

        @Override
        public void release() {}
      };

  private final ParquetFileWriter file;
  private final MessageType schema;
  private final ParquetProperties properties =
      ParquetProperties.builder().withPageWriteChecksumEnabled(true).build();
  private final SimpleGroupFactory rows;
  private final MessageColumnIO columnIo;
  private final List<Long> groupEnds = new ArrayList<>();
  private ColumnChunkPageWriteStore pages;
  private ColumnWriteStore columns;
  private RecordConsumer consumer;
  private GroupWriter writer;
  private long rowsInGroup;

  // The constructor taking ParquetProperties has a same-arity overload taking a Hadoop
  // Configuration, which javac cannot resolve without Hadoop.
  @SuppressWarnings("deprecation")
  private ParquetTestFile(Path path, MessageType schema) throws IOException {
    this.schema = schema;
    this.rows = new SimpleGroupFactory(schema);
    this.columnIo = new ColumnIOFactory().getColumnIO(schema);
    this.file =
        new ParquetFileWriter(
            new LocalOutputFile(path), schema, ParquetFileWriter.Mode.OVERWRITE, 128 << 20, 0);
    file.start();
  }

  static ParquetTestFile create(Path path, MessageType schema) throws IOException {
    return new ParquetTestFile(path, schema);
  }

  /** An empty row of the file's schema, to fill and {@link #write}. */
  Group newRow() {
    return rows.newGroup();
  }

  void write(Group row) {
    if (writer == null) {
      pages =
          new ColumnChunkPageWriteStore(
              UNCOMPRESSED, schema, new HeapByteBufferAllocator(), Integer.MAX_VALUE, true);
      columns = properties.newColumnWriteStore(schema, pages);
      consumer = columnIo.getRecordWriter(columns);
      writer = new GroupWriter(consumer, schema);
    }
    writer.write(row);
    rowsInGroup++;
  }

  /** Ends the current row group, if it holds any row. */
  void endRowGroup() throws IOException {
    if (rowsInGroup == 0) {
      return;
    }
    consumer.flush();
    file.startBlock(rowsInGroup);
    columns.flush();
    pages.flushToFileWriter(file);
    file.endBlock();
    groupEnds.add(file.getPos());
    writer = null;
    rowsInGroup = 0;
  }

  /** The file offset just past each row group ended so far: its last page ends there. */
  List<Long> groupEnds() {
    return List.copyOf(groupEnds);
  }

  @Override
  public void close() throws IOException {
    endRowGroup();
    file.end(Map.of());
  }

  /** A TIMESTAMP(MICROS) value. */
  static long micros(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
  }

  /** A TIMESTAMP(NANOS) value. */
  static long nanos(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
  }

  /** An INT96 value as Impala, Hive and Spark before 3.0 write it. */
  static Binary int96(Instant instant) {
    long epochDay = Math.floorDiv(instant.getEpochSecond(), 86_400L);
    long nanosOfDay =
        Duration.between(Instant.EPOCH.plus(Duration.ofDays(epochDay)), instant).toNanos();
    ByteBuffer buffer = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putLong(nanosOfDay).putInt((int) (epochDay + 2_440_588L)); // Julian day of 1970-01-01
    return Binary.fromConstantByteArray(buffer.array());
  }

  /** A UUID's sixteen bytes, most significant first. */
  static Binary uuid(UUID uuid) {
    ByteBuffer buffer = ByteBuffer.allocate(16);
    buffer.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
    return Binary.fromConstantByteArray(buffer.array());
  }

  /** An INTERVAL: little-endian months, days and milliseconds. */
  static Binary interval(int months, int days, int millis) {
    ByteBuffer buffer = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(months).putInt(days).putInt(millis);
    return Binary.fromConstantByteArray(buffer.array());
  }

  static Binary bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return Binary.fromConstantByteArray(bytes);
  }
}
