package io.sluice.formats.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Fixtures of the shape {@code SourceContract} reads: rows {@code id} ("r0", "r1", ...), {@code n}
 * and a {@code note}, and a way to damage chosen row groups so that their CRC check fails.
 */
final class ContractFixtures {

  static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message records { required binary id (STRING); required int32 n;"
              + " required binary note (STRING); }");

  private ContractFixtures() {}

  static Group row(ParquetFixtureWriter writer, int i) {
    return writer.newRow().append("id", "r" + i).append("n", i).append("note", "MARK" + i);
  }

  /**
   * Writes {@code count} rows in row groups of {@code groupSize} rows, except that each row in
   * {@code alone} gets a row group of its own.
   */
  static void write(Path file, int count, int groupSize, Set<Integer> alone) throws IOException {
    try (ParquetFixtureWriter writer = ParquetFixtureWriter.create(file, SCHEMA)) {
      int inGroup = 0;
      for (int i = 0; i < count; i++) {
        if (alone.contains(i) || inGroup == groupSize) {
          writer.endRowGroup();
          inGroup = 0;
        }
        writer.write(row(writer, i));
        inGroup++;
        if (alone.contains(i)) {
          writer.endRowGroup();
          inGroup = 0;
        }
      }
    }
  }

  /** Flips the last byte of {@code column}'s chunk in row group {@code group}: a page payload. */
  static void damage(Path file, int group, String column) throws IOException {
    long position;
    try (ParquetFileReader reader = ParquetFileOpener.open(file, false)) {
      ColumnChunkMetaData chunk =
          reader.getRowGroups().get(group).getColumns().stream()
              .filter(c -> c.getPath().toDotString().equals(column))
              .findFirst()
              .orElseThrow();
      position = chunk.getStartingPos() + chunk.getTotalSize() - 1;
    }
    flipByte(file, position);
  }

  static void flipByte(Path file, long position) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      channel.read(one, position);
      one.put(0, (byte) (one.get(0) ^ 0x5A)).rewind();
      channel.write(one, position);
    }
  }

  /** The index of the row group holding file row {@code row}. */
  static int groupOf(Path file, long row) throws IOException {
    try (ParquetFileReader reader = ParquetFileOpener.open(file, false)) {
      return RowGroup.holding(RowGroup.of(reader.getRowGroups()), row).index();
    }
  }
}
