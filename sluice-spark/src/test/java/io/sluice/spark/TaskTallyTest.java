package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.job.ErrorThreshold;
import org.junit.jupiter.api.Test;

class TaskTallyTest {

  private static Counts counts(long rejected, long read) {
    return Counts.ZERO.with(Count.REJECTED_MAPPING, rejected).with(Count.RECORDS_READ, read);
  }

  @Test
  void should_stop_every_task_once_the_rejects_of_all_of_them_exceed_the_threshold() {
    TaskTally tally = new TaskTally(ErrorThreshold.parse("10"), counts(2, 500));

    assertThat(tally.report("e1/a#0", counts(3, 100), 0, false)).isNull();
    assertThat(tally.report("e2/a#1", counts(4, 100), 0, false)).isNull();
    // Counts are the task's so far: a repeated report adds only what is new.
    assertThat(tally.report("e1/a#0", counts(3, 150), 0, false)).isNull();
    String stop = tally.report("e2/a#1", counts(6, 120), 0, false);

    assertThat(stop)
        .isEqualTo(
            "11 records or rows were rejected out of 770 read, more than max-errors 10 allows");
    assertThat(tally.report("e1/a#0", counts(3, 160), 0, false)).isEqualTo(stop);
  }

  @Test
  void should_keep_a_finished_task_rejects_in_the_job() {
    TaskTally tally = new TaskTally(ErrorThreshold.parse("5"), Counts.ZERO);

    tally.report("e1/a#0", counts(4, 40), 0, true);
    tally.report("e1/a#1", counts(1, 10), 0, false);

    assertThat(tally.report("e1/a#1", counts(2, 20), 0, false))
        .contains("6 records or rows were rejected");
  }

  @Test
  void should_not_count_a_report_that_arrives_after_the_tasks_last_one() {
    TaskTally tally = new TaskTally(ErrorThreshold.parse("5"), Counts.ZERO);

    tally.report("e1/a#0", counts(3, 30), 300, true);
    // An earlier report of the same task, overtaken on its way by the last one.
    assertThat(tally.report("e1/a#0", counts(3, 30), 300, false)).isNull();
    assertThat(tally.report("e1/a#1", counts(2, 20), 200, false)).isNull();

    assertThat(tally.rejected()).isEqualTo(5);
    assertThat(tally.workThisRun()).isEqualTo(500);
  }

  @Test
  void should_sum_the_run_s_counts_and_work_over_its_tasks_without_earlier_runs() {
    TaskTally tally = new TaskTally(ErrorThreshold.parse("100%"), counts(7, 700));

    tally.report("e1/a#0", counts(1, 10), 1_000, false);
    tally.report("e2/a#1", counts(0, 25), 2_500, false);
    tally.report("e1/a#0", counts(2, 40), 4_000, true);

    assertThat(tally.thisRun().recordsRead()).isEqualTo(65);
    assertThat(tally.thisRun().rejected()).isEqualTo(2);
    assertThat(tally.workThisRun()).isEqualTo(6_500);
    assertThat(tally.rejected()).isEqualTo(9);
  }
}
