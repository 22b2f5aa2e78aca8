package io.sluice.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.schema.CqlType;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CqlLiteralsTest {

  private static final CqlType TEXT = new CqlType.Native("text");

  @Test
  void should_quote_text_and_double_its_quotes() {
    assertThat(CqlLiterals.of("it's", TEXT)).isEqualTo("'it''s'");
  }

  @Test
  void should_write_scalars_as_cql_reads_them() throws Exception {
    assertThat(CqlLiterals.of(42, new CqlType.Native("int"))).isEqualTo("42");
    assertThat(CqlLiterals.of(Double.NaN, new CqlType.Native("double"))).isEqualTo("NaN");
    assertThat(CqlLiterals.of(Instant.parse("2024-06-30T00:00:00Z"), null))
        .isEqualTo("'2024-06-30T00:00:00.000Z'");
    assertThat(CqlLiterals.of(LocalDate.of(2024, 5, 1), null)).isEqualTo("'2024-05-01'");
    assertThat(CqlLiterals.of(LocalTime.of(13, 45), null)).isEqualTo("'13:45:00.000000000'");
    assertThat(CqlLiterals.of(ByteBuffer.wrap(new byte[] {(byte) 0xca, (byte) 0xfe}), null))
        .isEqualTo("0xcafe");
    assertThat(CqlLiterals.of(InetAddress.getByName("10.0.0.1"), null)).isEqualTo("'10.0.0.1'");
    UUID uuid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    assertThat(CqlLiterals.of(uuid, null)).isEqualTo(uuid.toString());
    assertThat(CqlLiterals.of(null, TEXT)).isEqualTo("null");
  }

  @Test
  void should_sort_set_elements_and_map_entries_so_equal_values_read_alike() {
    Map<String, Integer> map = new LinkedHashMap<>();
    map.put("b", 2);
    map.put("a", 1);

    assertThat(CqlLiterals.of(new LinkedHashSet<>(List.of("b", "a")), null))
        .isEqualTo("{'a', 'b'}");
    assertThat(CqlLiterals.of(map, null)).isEqualTo("{'a': 1, 'b': 2}");
    assertThat(CqlLiterals.of(List.of("b", "a"), null)).isEqualTo("['b', 'a']");
  }

  @Test
  void should_cut_long_values_in_excerpts() {
    String excerpt = CqlLiterals.excerpt("x".repeat(200), TEXT);

    assertThat(excerpt).hasSize(CqlLiterals.EXCERPT_LENGTH).startsWith("'xxx").endsWith("…");
  }
}
