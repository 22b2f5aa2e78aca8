package io.sluice.formats.parquet;

import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MICROS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MILLIS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.NANOS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalTime;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ParquetTimesTest {

  @Test
  void should_read_int96_as_impala_and_spark_write_it() {
    // 2019-01-01T00:00:00.000000001Z: nanos of day 1, Julian day 2458485, both little-endian.
    byte[] bytes = HexFormat.of().parseHex("0100000000000000" + "75832500");

    assertThat(ParquetTimes.int96(bytes))
        .isEqualTo(Instant.parse("2019-01-01T00:00:00.000000001Z"));
  }

  @Test
  void should_keep_every_unit_of_a_timestamp_before_and_after_the_epoch() {
    assertThat(ParquetTimes.instant(-1, MILLIS))
        .isEqualTo(Instant.parse("1969-12-31T23:59:59.999Z"));
    assertThat(ParquetTimes.instant(-1, MICROS))
        .isEqualTo(Instant.parse("1969-12-31T23:59:59.999999Z"));
    assertThat(ParquetTimes.instant(Long.MIN_VALUE, NANOS))
        .isEqualTo(Instant.parse("1677-09-21T00:12:43.145224192Z"));
    assertThat(ParquetTimes.instant(Long.MAX_VALUE, MICROS))
        .isEqualTo(Instant.parse("+294247-01-10T04:00:54.775807Z"));
  }

  @Test
  void should_refuse_times_outside_one_day() {
    assertThat(ParquetTimes.timeOfDay(86_399_999, MILLIS))
        .isEqualTo(LocalTime.parse("23:59:59.999"));
    assertThatThrownBy(() -> ParquetTimes.timeOfDay(86_400_000, MILLIS))
        .isInstanceOf(InvalidValueException.class)
        .hasMessage("holds 86400000 MILLIS, not a time of day");
    assertThatThrownBy(() -> ParquetTimes.timeOfDay(-1, NANOS))
        .isInstanceOf(InvalidValueException.class);
    assertThatThrownBy(() -> ParquetTimes.timeOfDay(Long.MAX_VALUE, MICROS))
        .isInstanceOf(InvalidValueException.class);
  }
}
