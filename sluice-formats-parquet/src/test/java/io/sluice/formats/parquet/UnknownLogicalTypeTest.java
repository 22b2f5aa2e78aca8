package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.SourceItem;
import io.sluice.core.value.BinaryValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file from a newer writer can annotate a column with a logical type this reader does not know.
 * The Parquet format says to read such a column as its physical type; before, the whole file was
 * refused with a bare {@code NullPointerException}.
 */
class UnknownLogicalTypeTest {

  /** The footer bytes of a JSON logical type: field 12, an empty struct, the union's end. */
  private static final byte[] JSON_LOGICAL_TYPE = {(byte) 0xCC, 0, 0};

  /** The footer bytes of a FLOAT16 logical type: field 15, an empty struct, the union's end. */
  private static final byte[] FLOAT16_LOGICAL_TYPE = {(byte) 0xFC, 0, 0};

  /** The same union holding field 40, which no version of the format defines yet. */
  private static final byte[] FUTURE_LOGICAL_TYPE = {0x0C, 0x50, 0, 0};

  @TempDir Path dir;

  @Test
  void should_read_a_column_of_unknown_logical_type_as_its_physical_type() throws IOException {
    Path file = dir.resolve("future.parquet");
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(
            file,
            MessageTypeParser.parseMessageType(
                "message m { required int32 id; required binary doc (JSON); }"))) {
      for (int i = 0; i < 3; i++) {
        Group row = writer.newRow();
        row.add("id", i);
        row.add("doc", "{\"n\":" + i + "}");
        writer.write(row);
      }
    }
    replaceInFooter(file, JSON_LOGICAL_TYPE, FUTURE_LOGICAL_TYPE);

    List<SourceItem> items = Reads.all(Reads.source(dir, List.of("future.parquet"), Map.of()));

    assertThat(Reads.malformed(items)).isEmpty();
    assertThat(Reads.records(items))
        .extracting(record -> record.fields().get("id"))
        .containsExactly(0, 1, 2);
    // The writer also set the older converted type JSON, which this reader knows and applies.
    assertThat(Reads.records(items))
        .extracting(record -> record.fields().get("doc"))
        .containsExactly("{\"n\":0}", "{\"n\":1}", "{\"n\":2}");
  }

  @Test
  void should_read_bytes_when_no_older_annotation_applies() throws IOException {
    Path file = dir.resolve("future.parquet");
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(
            file,
            MessageTypeParser.parseMessageType(
                "message m { required fixed_len_byte_array(2) half (FLOAT16); }"))) {
      Group row = writer.newRow();
      row.add("half", Binary.fromConstantByteArray(new byte[] {0x00, 0x3C}));
      writer.write(row);
    }
    replaceInFooter(file, FLOAT16_LOGICAL_TYPE, FUTURE_LOGICAL_TYPE);

    List<SourceItem> items = Reads.all(Reads.source(dir, List.of("future.parquet"), Map.of()));

    assertThat(Reads.malformed(items)).isEmpty();
    assertThat(Reads.records(items))
        .singleElement()
        .satisfies(
            record ->
                assertThat(record.fields().get("half"))
                    .isEqualTo(new BinaryValue((byte) 0, new byte[] {0x00, 0x3C})));
  }

  /** Rewrites the file's footer with its only occurrence of {@code from} replaced by {@code to}. */
  private static void replaceInFooter(Path file, byte[] from, byte[] to) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int footerLength =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = bytes.length - 8 - footerLength;
    byte[] footer = Arrays.copyOfRange(bytes, footerStart, bytes.length - 8);
    int at = indexOf(footer, from, 0);
    assertThat(at).as("the footer holds the logical type's bytes").isNotNegative();
    assertThat(indexOf(footer, from, at + 1)).as("and holds them once").isNegative();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, footerStart);
    out.write(footer, 0, at);
    out.write(to);
    out.write(footer, at + from.length, footer.length - at - from.length);
    int newLength = footer.length - from.length + to.length;
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(newLength).array());
    out.write("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    Files.write(file, out.toByteArray());
  }

  private static int indexOf(byte[] haystack, byte[] needle, int from) {
    for (int i = from; i <= haystack.length - needle.length; i++) {
      if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
        return i;
      }
    }
    return -1;
  }
}
