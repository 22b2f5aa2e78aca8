package io.sluice.core.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.count.Count;
import io.sluice.core.count.CountTally;
import io.sluice.core.flow.FlowStats;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TimelineSampleTest {

  private static final FlowStats FLOW =
      new FlowStats(0, 0, 0, -1, -1, 0, -1, "none", -1, null, false, 0, 0);

  private static TimelineSample sample(boolean validation) {
    CountTally counts = new CountTally();
    counts.add(Count.ROWS_WRITTEN, 42);
    return TimelineSample.of(
        1_000, 1, 1, counts.snapshot(), FLOW, new Histogram(3), 42, validation);
  }

  @Test
  void should_name_a_validations_counts_as_its_report_does() {
    TimelineSample checked = sample(true);

    assertThat(checked.counts())
        .containsEntry("rows-checked", 42L)
        .doesNotContainKey("rows-written");
    assertThat(checked.count(Count.ROWS_WRITTEN)).isEqualTo(42);
  }

  @Test
  void should_name_a_migrations_counts_as_before() {
    TimelineSample written = sample(false);

    assertThat(written.counts()).containsEntry("rows-written", 42L);
    assertThat(written.count(Count.ROWS_WRITTEN)).isEqualTo(42);
  }
}
