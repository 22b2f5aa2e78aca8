package io.sluice.core.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TimelineTest {

  private static TimelineSample second(int run, long at, long rows, double p99) {
    return new TimelineSample(
        at * 1000,
        run,
        1,
        Map.of("rows-written", rows),
        rows,
        0,
        0,
        p99 / 2,
        p99,
        p99,
        16,
        -1,
        -1,
        false,
        rows);
  }

  @Test
  void should_keep_every_sample_while_there_is_room() {
    Timeline timeline = new Timeline(8);
    for (int i = 1; i <= 8; i++) {
      assertThat(timeline.add(second(1, i, i * 10, 1))).isFalse();
    }
    assertThat(timeline.samples()).hasSize(8);
  }

  @Test
  void should_merge_the_older_half_and_keep_its_counters_and_worst_latency() {
    Timeline timeline = new Timeline(8);
    for (int i = 1; i <= 8; i++) {
      timeline.add(second(1, i, i * 10, i == 2 ? 50 : 1));
    }
    assertThat(timeline.add(second(1, 9, 90, 1))).isTrue();

    List<TimelineSample> samples = timeline.samples();
    // 9 samples: the older 4 become 2, the newer 5 stay.
    assertThat(samples).hasSize(7);
    TimelineSample first = samples.get(0);
    assertThat(first.seconds()).isEqualTo(2);
    assertThat(first.at()).isEqualTo(2000);
    assertThat(first.count(io.sluice.core.count.Count.ROWS_WRITTEN)).isEqualTo(20);
    assertThat(first.p99Millis()).isEqualTo(50);
    assertThat(samples.get(6).at()).isEqualTo(9000);
    assertThat(samples.stream().mapToDouble(TimelineSample::seconds).sum()).isEqualTo(9);
  }

  @Test
  void should_stay_bounded_over_a_long_run() {
    Timeline timeline = new Timeline(64);
    for (int i = 1; i <= 100_000; i++) {
      timeline.add(second(1, i, i, 1));
    }
    List<TimelineSample> samples = timeline.samples();
    assertThat(samples).hasSizeLessThanOrEqualTo(64);
    assertThat(samples.stream().mapToDouble(TimelineSample::seconds).sum()).isEqualTo(100_000);
    assertThat(samples.get(samples.size() - 1).seconds()).isEqualTo(1);
  }

  @Test
  void should_never_merge_samples_of_different_runs_and_drop_the_oldest_when_it_must() {
    Timeline timeline = new Timeline(4);
    timeline.add(second(1, 1, 10, 1));
    timeline.add(second(2, 2, 10, 1));
    timeline.add(second(2, 3, 20, 1));
    timeline.add(second(3, 4, 10, 1));
    timeline.add(second(3, 5, 20, 1));

    // The older half (runs 1 and 2) cannot be merged: the oldest sample goes.
    assertThat(timeline.samples()).extracting(TimelineSample::run).containsExactly(2, 2, 3, 3);
    assertThat(timeline.samples()).allMatch(sample -> sample.seconds() == 1);
  }

  @Test
  void should_read_back_its_lines_leaving_out_a_line_cut_short() {
    List<TimelineSample> samples = List.of(second(1, 1, 10, 2.5), second(1, 2, 30, 3));
    byte[] lines = TimelineLines.lines(samples);
    byte[] cut = new byte[lines.length + 20];
    System.arraycopy(lines, 0, cut, 0, lines.length);
    System.arraycopy("{\"at\":3000,\"run\":1,".getBytes(), 0, cut, lines.length, 19);

    assertThat(TimelineLines.parse(cut)).isEqualTo(samples);
  }
}
