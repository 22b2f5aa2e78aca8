package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.SourceItem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every codec Sluice reads, in both page formats, decompressed without Hadoop or native code. */
class CompressionCodecsTest {

  @TempDir Path dir;

  private Path write(CompressionCodecName codec, WriterVersion version) throws IOException {
    Path file = dir.resolve(codec.name().toLowerCase() + ".parquet");
    try (ParquetFixtureWriter writer =
        ParquetFixtureWriter.create(file, ContractFixtures.SCHEMA, codec, version, true)) {
      for (int i = 0; i < 300; i++) {
        writer.write(ContractFixtures.row(writer, i));
        if (i % 100 == 99) {
          writer.endRowGroup();
        }
      }
    }
    return file;
  }

  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({
    "UNCOMPRESSED, PARQUET_1_0",
    "SNAPPY, PARQUET_1_0",
    "SNAPPY, PARQUET_2_0",
    "GZIP, PARQUET_1_0",
    "GZIP, PARQUET_2_0",
    "ZSTD, PARQUET_1_0",
    "ZSTD, PARQUET_2_0",
    "LZ4_RAW, PARQUET_1_0",
    "LZ4_RAW, PARQUET_2_0",
    "LZ4, PARQUET_1_0",
    "LZO, PARQUET_1_0"
  })
  void should_read_every_row_of_a_compressed_file(CompressionCodecName codec, WriterVersion version)
      throws IOException {
    Path file = write(codec, version);

    List<Map<String, Object>> rows = Reads.rows(file);

    assertThat(rows)
        .extracting(row -> row.get("id"))
        .containsExactlyElementsOf(IntStream.range(0, 300).mapToObj(i -> "r" + i).toList());
  }

  @Test
  void should_reject_row_groups_of_a_codec_it_cannot_read() throws IOException {
    Path file = write(CompressionCodecName.BROTLI, WriterVersion.PARQUET_1_0);

    List<SourceItem> items =
        Reads.all(Reads.source(dir, List.of(file.getFileName().toString()), Map.of()));

    assertThat(Reads.records(items)).isEmpty();
    assertThat(Reads.malformed(items))
        .hasSize(3)
        .allSatisfy(
            bad -> assertThat(bad.reason()).contains("BROTLI compression is not supported"));
  }

  /** A v2 data page whose values section is empty (all nulls) carries zero compressed bytes. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"SNAPPY", "ZSTD", "LZ4_RAW", "GZIP", "LZ4", "LZO"})
  void should_take_an_empty_section_as_empty_without_decompressing(CompressionCodecName codec)
      throws IOException {
    BytesInputDecompressor decompressor = new PureJavaCodecs().getDecompressor(codec);

    assertThat(decompressor.decompress(BytesInput.empty(), 0).toByteArray()).isEmpty();
  }
}
