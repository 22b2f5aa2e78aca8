package io.sluice.core.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.state.LocalJobState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder against a clock the test moves: the samples it takes by itself then cover no time
 * and fold into the last one, so what the test asserts does not depend on when its timer fires.
 */
class TimelineRecorderTest {

  @TempDir Path dir;

  private final AtomicLong now = new AtomicLong(1_790_000_000_000L);
  private final AtomicLong rows = new AtomicLong();

  private Clock clock() {
    return new Clock() {
      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return Instant.ofEpochMilli(now.get());
      }
    };
  }

  private TimelineRecorder start(LocalJobState state, int run, boolean resumed) {
    return TimelineRecorder.start(
        state,
        clock(),
        (at, seconds) ->
            new TimelineSample(
                at,
                run,
                seconds,
                Map.of("rows-written", rows.get()),
                rows.get(),
                0,
                0,
                1,
                2,
                3,
                16,
                -1,
                -1,
                false,
                rows.get()),
        resumed);
  }

  private List<TimelineSample> saved(Path folder) throws Exception {
    return TimelineLines.parse(Files.readAllBytes(folder.resolve(TimelineRecorder.DOCUMENT)));
  }

  @Test
  void should_keep_each_second_and_fold_the_short_last_span() throws Exception {
    LocalJobState state = LocalJobState.ofDocuments(dir);
    List<TimelineSample> kept;
    try (TimelineRecorder recorder = start(state, 1, false)) {
      for (int second = 1; second <= 3; second++) {
        now.addAndGet(1000);
        rows.addAndGet(100);
        recorder.record();
      }
      now.addAndGet(200);
      rows.addAndGet(20);
      recorder.close();
      kept = recorder.samples();
    }

    assertThat(kept).hasSize(3);
    assertThat(kept.get(2).seconds()).isEqualTo(1.2);
    assertThat(kept.get(2).count(io.sluice.core.count.Count.ROWS_WRITTEN)).isEqualTo(320);
    assertThat(saved(dir)).isEqualTo(kept);
  }

  @Test
  void should_add_a_resumed_run_after_the_earlier_ones_and_start_over_when_fresh()
      throws Exception {
    LocalJobState state = LocalJobState.ofDocuments(dir);
    try (TimelineRecorder first = start(state, 1, false)) {
      now.addAndGet(1000);
      first.record();
    }
    assertThat(TimelineRecorder.nextRun(state)).isEqualTo(2);
    try (TimelineRecorder second = start(state, 2, true)) {
      now.addAndGet(1000);
      second.record();
    }
    assertThat(saved(dir)).extracting(TimelineSample::run).containsExactly(1, 2);

    try (TimelineRecorder fresh = start(state, 1, false)) {
      now.addAndGet(1000);
      fresh.record();
    }
    assertThat(saved(dir)).extracting(TimelineSample::run).containsExactly(1);
  }

  @Test
  void should_never_fail_the_run_when_its_timeline_cannot_be_kept() throws Exception {
    // A folder where the document should be: it can be neither read nor written.
    Files.createDirectories(dir.resolve(TimelineRecorder.DOCUMENT));
    LocalJobState state = LocalJobState.ofDocuments(dir);

    try (TimelineRecorder recorder = start(state, 1, true)) {
      now.addAndGet(1000);
      recorder.record();
      assertThat(recorder.samples()).hasSize(1);
    }
    assertThat(TimelineRecorder.nextRun(state)).isEqualTo(1);
  }
}
