package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.job.ErrorThreshold;
import org.junit.jupiter.api.Test;

class ErrorBudgetTest {

  @Test
  void should_stop_every_task_once_the_rejects_of_all_of_them_exceed_the_threshold() {
    ErrorBudget budget = new ErrorBudget(ErrorThreshold.parse("10"), 2, 500);

    assertThat(budget.report("e1/a#0", 3, 100, false)).isNull();
    assertThat(budget.report("e2/a#1", 4, 100, false)).isNull();
    // Counts are the task's so far: a repeated report adds only what is new.
    assertThat(budget.report("e1/a#0", 3, 150, false)).isNull();
    String stop = budget.report("e2/a#1", 6, 120, false);

    assertThat(stop)
        .isEqualTo(
            "11 records or rows were rejected out of 770 read, more than max-errors 10 allows");
    assertThat(budget.report("e1/a#0", 3, 160, false)).isEqualTo(stop);
  }

  @Test
  void should_keep_a_finished_task_rejects_in_the_job() {
    ErrorBudget budget = new ErrorBudget(ErrorThreshold.parse("5"), 0, 0);

    budget.report("e1/a#0", 4, 40, true);
    budget.report("e1/a#1", 1, 10, false);

    assertThat(budget.report("e1/a#1", 2, 20, false)).contains("6 records or rows were rejected");
  }

  @Test
  void should_not_count_a_report_that_arrives_after_the_tasks_last_one() {
    ErrorBudget budget = new ErrorBudget(ErrorThreshold.parse("5"), 0, 0);

    budget.report("e1/a#0", 3, 30, true);
    // An earlier report of the same task, overtaken on its way by the last one.
    assertThat(budget.report("e1/a#0", 3, 30, false)).isNull();
    assertThat(budget.report("e1/a#1", 2, 20, false)).isNull();

    assertThat(budget.rejected()).isEqualTo(5);
  }
}
