package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.CqlTypeParser;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sub-millisecond instants (Parquet micros, nanos, INT96) into timestamp and bigint columns. */
class InstantOptionsTest {

  private static final Instant MICROS = Instant.parse("2024-05-01T12:00:00.123456Z");
  private static final Instant NANOS = Instant.parse("2024-05-01T12:00:00.123456789Z");
  private static final Instant BEFORE_EPOCH = Instant.EPOCH.minusNanos(1);

  private static Object convert(String type, InstantOptions options, Object value)
      throws ConversionException {
    return ValueConverter.forType(CqlTypeParser.parse(type), false, options).convert(value);
  }

  private static InstantOptions options(ChronoUnit epochUnit, ChronoUnit truncate) {
    return new InstantOptions(epochUnit, truncate);
  }

  @Test
  void should_refuse_finer_than_millisecond_timestamp_naming_the_setting_that_takes_it() {
    assertThatThrownBy(() -> convert("timestamp", InstantOptions.DEFAULT, MICROS))
        .isInstanceOf(ConversionException.class)
        .hasMessage(
            "cannot convert date to timestamp, it is finer than a millisecond (set 'truncate:"
                + " millis' on the column to drop the finer part)");
  }

  @Test
  void should_truncate_timestamps_towards_the_past_when_the_column_asks() throws Exception {
    InstantOptions millis = options(ChronoUnit.MILLIS, ChronoUnit.MILLIS);

    assertThat(convert("timestamp", millis, NANOS))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
    assertThat(convert("timestamp", millis, BEFORE_EPOCH))
        .isEqualTo(Instant.parse("1969-12-31T23:59:59.999Z"));
    assertThat(convert("timestamp", options(ChronoUnit.MILLIS, ChronoUnit.SECONDS), MICROS))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00Z"));
    assertThat(convert("timestamp", millis, "2024-05-01T14:00:00.123456+02:00"))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
  }

  @Test
  void should_truncate_every_element_of_a_collection() throws Exception {
    InstantOptions millis = options(ChronoUnit.MILLIS, ChronoUnit.MILLIS);

    assertThat(convert("list<timestamp>", millis, List.of(MICROS, NANOS)))
        .isEqualTo(
            List.of(
                Instant.parse("2024-05-01T12:00:00.123Z"),
                Instant.parse("2024-05-01T12:00:00.123Z")));
  }

  @Test
  void should_refuse_finer_than_millisecond_bigint_naming_both_settings() {
    assertThatThrownBy(() -> convert("bigint", InstantOptions.DEFAULT, MICROS))
        .hasMessage(
            "cannot convert date to bigint, it is finer than a millisecond (set 'epoch-unit:"
                + " micros' or 'nanos' on the column to keep it, or 'truncate: millis' to drop the"
                + " finer part)");
    assertThatThrownBy(() -> convert("bigint", options(ChronoUnit.MICROS, null), NANOS))
        .hasMessageContaining("finer than a microsecond (set 'epoch-unit: nanos'");
  }

  @ParameterizedTest(name = "{0} {1} of {2}")
  @CsvSource({
    "SECONDS, , 2024-05-01T12:00:00Z, 1714564800",
    "MILLIS, , 2024-05-01T12:00:00.123Z, 1714564800123",
    "MICROS, , 2024-05-01T12:00:00.123456Z, 1714564800123456",
    "NANOS, , 2024-05-01T12:00:00.123456789Z, 1714564800123456789",
    "MICROS, MICROS, 2024-05-01T12:00:00.123456789Z, 1714564800123456",
    "MILLIS, MILLIS, 2024-05-01T12:00:00.123456789Z, 1714564800123",
    "MICROS, , 1969-12-31T23:59:59.999999Z, -1",
    "NANOS, , 1969-12-31T23:59:59.999999999Z, -1",
    "MICROS, MILLIS, 1969-12-31T23:59:59.999999Z, -1000",
    "MILLIS, , -292275055-05-16T16:47:04.192Z, -9223372036854775808",
    "NANOS, , 2262-04-11T23:47:16.854775807Z, 9223372036854775807"
  })
  void should_write_instants_to_bigint_in_the_epoch_unit(
      ChronoUnit unit, ChronoUnit truncate, String instant, long expected) throws Exception {
    assertThat(convert("bigint", options(unit, truncate), Instant.parse(instant)))
        .isEqualTo(expected);
  }

  @Test
  void should_refuse_an_instant_whose_count_does_not_fit_64_bits() {
    assertThatThrownBy(
            () ->
                convert(
                    "bigint",
                    options(ChronoUnit.NANOS, null),
                    Instant.parse("2262-04-11T23:47:16.854775808Z")))
        .hasMessage("cannot convert date to bigint, out of the range of 64-bit nanos since 1970");
  }

  @Test
  void should_read_integers_into_timestamps_in_the_epoch_unit() throws Exception {
    assertThat(convert("timestamp", options(ChronoUnit.MICROS, null), 1714564800123000L))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
    assertThat(convert("timestamp", options(ChronoUnit.SECONDS, null), 1714564800))
        .isEqualTo(Instant.parse("2024-05-01T12:00:00Z"));
    assertThat(convert("timestamp", options(ChronoUnit.NANOS, ChronoUnit.MILLIS), -1L))
        .isEqualTo(Instant.parse("1969-12-31T23:59:59.999Z"));
    assertThatThrownBy(
            () -> convert("timestamp", options(ChronoUnit.MICROS, null), 1714564800123456L))
        .hasMessageContaining("finer than a millisecond (set 'truncate: millis'");
    assertThatThrownBy(
            () -> convert("timestamp", options(ChronoUnit.SECONDS, null), Long.MAX_VALUE))
        .hasMessage("cannot convert int64 to timestamp, out of the range of a CQL timestamp");
  }

  @Test
  void should_take_dates_and_times_of_day_without_zone() throws Exception {
    LocalDate leap = LocalDate.of(2024, 2, 29);
    LocalTime fine = LocalTime.parse("13:45:30.123456789");

    assertThat(convert("date", InstantOptions.DEFAULT, leap)).isEqualTo(leap);
    assertThat(convert("time", InstantOptions.DEFAULT, fine)).isEqualTo(fine);
    assertThat(convert("text", InstantOptions.DEFAULT, leap)).isEqualTo("2024-02-29");
    assertThat(convert("text", InstantOptions.DEFAULT, fine)).isEqualTo("13:45:30.123456789");
    assertThat(convert("text", InstantOptions.DEFAULT, List.of(leap)))
        .isEqualTo("[\"2024-02-29\"]");
  }
}
