package io.sluice.core.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A duration prints as the CQL literal that writes it again. */
class DurationValueTest {

  @Test
  void should_print_each_part_in_its_own_units() {
    assertThat(new DurationValue(14, 3, 3_723_004_005_006L)).hasToString("1y2mo3d1h2m3s4ms5us6ns");
    assertThat(new DurationValue(0, 0, 5_400_000_000_000L)).hasToString("1h30m");
    assertThat(new DurationValue(-1, -2, 0)).hasToString("-1mo2d");
    assertThat(new DurationValue(0, 0, 0)).hasToString("0s");
  }

  @Test
  void should_print_the_extremes() {
    assertThat(new DurationValue(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE))
        .hasToString("-178956970y8mo2147483648d2562047h47m16s854ms775us808ns");
  }

  @Test
  void should_refuse_parts_of_two_signs_as_cql_does() {
    assertThatThrownBy(() -> new DurationValue(1, -1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("same sign");
  }

  @Test
  void should_be_named_duration_in_messages() {
    assertThat(Values.kindOf(new DurationValue(0, 1, 0))).isEqualTo("duration");
  }
}
