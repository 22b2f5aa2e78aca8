package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.SourceItem;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that claim sizes no reader should allocate, read in a JVM with a 64 MiB heap (see the
 * module's pom): the row group that claims them is rejected with its position and reason, without
 * the reader allocating what they claim, and the next row group is read.
 */
class ParquetMemoryTest {

  private static final int ROWS_PER_GROUP = 4;

  @TempDir Path dir;

  /** Three row groups of one text column, gzip-compressed; each group's text is 2 MiB of "a". */
  private Path write(String name) throws IOException {
    Path file = dir.resolve(name);
    String big = "a".repeat(2 << 20);
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(
            file,
            MessageTypeParser.parseMessageType(
                "message m { required int32 n; required binary text (STRING); }"),
            CompressionCodecName.GZIP,
            WriterVersion.PARQUET_1_0,
            false)) {
      for (int i = 0; i < 3 * ROWS_PER_GROUP; i++) {
        Group row = writer.newRow();
        row.add("n", i);
        row.add("text", i % ROWS_PER_GROUP == 0 ? big : "b");
        writer.write(row);
        if (i % ROWS_PER_GROUP == ROWS_PER_GROUP - 1) {
          writer.endRowGroup();
        }
      }
    }
    return file;
  }

  private List<SourceItem> read(Path file) throws IOException {
    return Reads.all(Reads.source(dir, List.of(file.getFileName().toString()), Map.of()));
  }

  @Test
  void should_reject_a_group_whose_page_claims_a_huge_uncompressed_size() throws IOException {
    Path file = write("page.parquet");
    FileMetaData footer = footerOf(file);
    long textChunk =
        footer.getRow_groups().get(1).getColumns().get(1).getMeta_data().getData_page_offset();
    byte[] bytes = Files.readAllBytes(file);
    ByteArrayInputStream in =
        new ByteArrayInputStream(bytes, (int) textChunk, bytes.length - (int) textChunk);
    PageHeader header = Util.readPageHeader(in);
    int headerLength = bytes.length - (int) textChunk - in.available();
    // 120 MiB: more than the heap, and as many varint bytes as the real size, so no offset moves.
    header.setUncompressed_page_size(120 << 20);
    ByteArrayOutputStream rewritten = new ByteArrayOutputStream();
    Util.writePageHeader(header, rewritten);
    assertThat(rewritten.size()).isEqualTo(headerLength);
    System.arraycopy(rewritten.toByteArray(), 0, bytes, (int) textChunk, headerLength);
    Files.write(file, bytes);

    List<SourceItem> items = read(file);

    assertThat(Reads.records(items)).hasSize(2 * ROWS_PER_GROUP);
    assertThat(Reads.malformed(items))
        .singleElement()
        .satisfies(
            bad -> {
              assertThat(bad.position().offset()).isEqualTo(ROWS_PER_GROUP);
              assertThat(bad.reason()).startsWith("row group 1 (rows 4 to 7) cannot be decoded: ");
            });
  }

  @Test
  void should_reject_a_group_whose_column_chunk_claims_more_than_the_file_holds()
      throws IOException {
    Path file = write("chunk.parquet");
    FileMetaData footer = footerOf(file);
    footer
        .getRow_groups()
        .get(1)
        .getColumns()
        .get(1)
        .getMeta_data()
        .setTotal_compressed_size(1_500_000_000L);
    rewriteFooter(file, footer);

    List<SourceItem> items = read(file);

    assertThat(Reads.records(items)).hasSize(2 * ROWS_PER_GROUP);
    assertThat(Reads.malformed(items))
        .singleElement()
        .satisfies(
            bad -> {
              assertThat(bad.position().offset()).isEqualTo(ROWS_PER_GROUP);
              assertThat(bad.reason())
                  .startsWith("row group 1 (rows 4 to 7) cannot be decoded: ")
                  .contains("column text claims 1500000000 bytes from offset")
                  .contains("not within the file");
            });
  }

  private static FileMetaData footerOf(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int length =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Util.readFileMetaData(
        new ByteArrayInputStream(bytes, bytes.length - 8 - length, length));
  }

  private static void rewriteFooter(Path file, FileMetaData footer) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int length =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(Arrays.copyOf(bytes, bytes.length - 8 - length));
    ByteArrayOutputStream newFooter = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, newFooter);
    newFooter.writeTo(out);
    out.write(
        ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(newFooter.size()).array());
    out.write("PAR1".getBytes(StandardCharsets.US_ASCII));
    Files.write(file, out.toByteArray());
  }
}
