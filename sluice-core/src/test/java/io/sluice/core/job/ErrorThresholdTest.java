package io.sluice.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ErrorThresholdTest {

  @ParameterizedTest(name = "max-errors {0}: {1} errors of {2} read exceeded = {3}")
  @CsvSource({
    "100, 100, 5000, false",
    "100, 101, 5000, true",
    "0, 0, 10, false",
    "0, 1, 10, true",
    "-1, 1000000, 1000000, false",
    "1%, 10, 1000, false",
    "1%, 11, 1000, true",
    "1%, 5, 10, false",
    "0.5%, 50, 10000, false",
    "0.5%, 51, 10000, true",
    "0%, 1, 5000, true",
    "5 per table, 5, 100, false",
    "5 per table, 6, 100, true",
    "1% per table, 11, 1000, true"
  })
  void should_judge_errors_against_count_or_ratio(
      String threshold, long errors, long read, boolean exceeded) {
    assertThat(ErrorThreshold.parse(threshold).exceeded(errors, read)).isEqualTo(exceeded);
  }

  @ParameterizedTest(name = "max-errors {0} judges each table on its own: {1}")
  @CsvSource({"5 per table, true", "1%  per table, true", "-1 per table, true", "5, false"})
  void should_know_a_threshold_judged_per_table(String threshold, boolean perTable) {
    assertThat(ErrorThreshold.parse(threshold).perTable()).isEqualTo(perTable);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "ten", "-5", "150%", "1.5", "5 per job", "per table"})
  void should_refuse_unparseable_threshold(String text) {
    assertThatThrownBy(() -> ErrorThreshold.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-errors must be");
  }
}
