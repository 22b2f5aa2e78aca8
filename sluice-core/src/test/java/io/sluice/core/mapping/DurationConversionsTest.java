package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.CqlTypeParser;
import io.sluice.core.value.DurationValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text becomes a {@code duration} as CQL itself reads it, or fails with a reason. */
class DurationConversionsTest {

  private static final long HOUR = 3_600_000_000_000L;
  private static final long MINUTE = 60_000_000_000L;

  private final ValueConverter converter = ValueConverter.forType(CqlTypeParser.parse("duration"));

  @ParameterizedTest
  @CsvSource({
    "1h30m, 0, 0, 5400000000000",
    "PT1H30M, 0, 0, 5400000000000",
    "P0000-00-00T01:30:00, 0, 0, 5400000000000",
    "2y3mo, 27, 0, 0",
    "P2Y3M, 27, 0, 0",
    "1w2d, 0, 9, 0",
    "P3W, 0, 21, 0",
    "P1DT2M, 0, 1, 120000000000",
    "1ms2us3ns, 0, 0, 1002003",
    "1µs, 0, 0, 1000",
    "1MS, 0, 0, 1000000",
    "-1mo2d3s, -1, -2, -3000000000",
    "-PT5S, 0, 0, -5000000000",
    "0s, 0, 0, 0",
  })
  void should_read_each_form_cql_reads(String text, int months, int days, long nanos)
      throws Exception {
    assertThat(converter.convert(text)).isEqualTo(new DurationValue(months, days, nanos));
  }

  @Test
  void should_keep_months_days_and_time_apart() throws Exception {
    assertThat(converter.convert("1mo31d25h61m"))
        .isEqualTo(new DurationValue(1, 31, 25 * HOUR + 61 * MINUTE));
  }

  @Test
  void should_take_a_table_sources_duration_as_it_is() throws Exception {
    DurationValue duration = new DurationValue(-1, -2, -3);

    assertThat(converter.convert(duration)).isSameAs(duration);
  }

  @Test
  void should_write_a_duration_to_text_as_cql_writes_it_and_read_it_back() throws Exception {
    DurationValue duration = new DurationValue(-14, -3, -5_400_000_000_007L);
    Object text = ValueConverter.forType(CqlTypeParser.parse("text")).convert(duration);

    assertThat(text).isEqualTo("-1y2mo3d1h30m7ns");
    assertThat(converter.convert(text)).isEqualTo(duration);
  }

  @ParameterizedTest
  @CsvSource({
    "90 minutes, not a duration like 1h30m",
    "1h30, not a duration like 1h30m",
    "PT, not a duration like 1h30m",
    "P, not a duration like 1h30m",
    "1.5h, not a duration like 1h30m",
    "1h-30m, not a duration like 1h30m",
    "'', not a duration like 1h30m",
    "3000000000mo, out of range",
    "99999999999999999999ns, out of range",
  })
  void should_refuse_text_that_is_no_duration(String text, String why) {
    assertThatThrownBy(() -> converter.convert(text))
        .isInstanceOf(ConversionException.class)
        .hasMessageStartingWith("cannot convert string to duration, " + why);
  }

  @Test
  void should_refuse_a_number_which_has_no_unit() {
    assertThatThrownBy(() -> converter.convert(90L))
        .isInstanceOf(ConversionException.class)
        .hasMessage("cannot convert int64 to duration");
  }
}
