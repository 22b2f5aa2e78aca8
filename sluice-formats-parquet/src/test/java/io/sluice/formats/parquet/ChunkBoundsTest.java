package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** A row group is refused before Apache Parquet allocates what its chunks claim. */
class ChunkBoundsTest {

  private static final long HEAP = Runtime.getRuntime().maxMemory();

  // The factory taking no statistics is deprecated, and enough for the sizes checked here.
  @SuppressWarnings("deprecation")
  private static BlockMetaData group(long... sizes) {
    BlockMetaData block = new BlockMetaData();
    long start = 4;
    for (int i = 0; i < sizes.length; i++) {
      block.addColumn(
          ColumnChunkMetaData.get(
              ColumnPath.get("c" + i),
              PrimitiveTypeName.INT64,
              CompressionCodecName.UNCOMPRESSED,
              Set.of(Encoding.PLAIN),
              start,
              0,
              1,
              sizes[i],
              sizes[i]));
      start += sizes[i];
    }
    return block;
  }

  @Test
  void should_take_chunks_that_lie_within_the_file_and_fit_in_memory() {
    assertThatCode(() -> ChunkBounds.check(group(100, 200), Set.of("c0", "c1"), 1_000))
        .doesNotThrowAnyException();
  }

  @Test
  void should_refuse_a_chunk_past_the_end_of_the_file() {
    assertThatThrownBy(() -> ChunkBounds.check(group(100, 2_000), Set.of("c0", "c1"), 1_000))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "column c1 claims 2000 bytes from offset 104, which is not within the file (1000"
                + " bytes)");
  }

  @Test
  void should_refuse_a_group_whose_columns_read_need_more_than_a_quarter_of_the_heap() {
    long half = HEAP / 8 + 1;

    assertThatThrownBy(() -> ChunkBounds.check(group(half, half), Set.of("c0", "c1"), HEAP * 4))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("more than a quarter of this JVM's heap");
  }

  @Test
  void should_count_only_the_columns_read() {
    long half = HEAP / 8 + 1;

    assertThatCode(() -> ChunkBounds.check(group(half, half), Set.of("c1"), HEAP * 4))
        .doesNotThrowAnyException();
  }
}
