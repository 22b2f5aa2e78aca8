package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.count.Count;
import io.sluice.core.count.CountTally;
import java.util.Arrays;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class WorkflowKindTest {

  @Test
  void should_never_say_written_of_a_validation() {
    WorkflowKind validation = WorkflowKind.VALIDATION;

    assertThat(Arrays.stream(Count.values()).map(validation::countName).filter(Objects::nonNull))
        .contains("rows-checked", "rows-unreadable", "rows-missing")
        .noneMatch(name -> name.contains("written") || name.contains("failed"));
    assertThat(validation.rowsDone()).isEqualTo("checked");
    assertThat(validation.task()).isEqualTo("Checking");
    assertThat(validation.requests()).isEqualTo("read");
    assertThat(validation.subject("people")).isEqualTo("the validation of job people");
  }

  @Test
  void should_name_a_migrations_counts_as_its_report_does_without_a_validations_own() {
    WorkflowKind migration = WorkflowKind.MIGRATION;

    assertThat(migration.countName(Count.ROWS_WRITTEN)).isEqualTo("rows-written");
    assertThat(migration.countName(Count.ROWS_MISSING)).isNull();
    assertThat(migration.rowsDone()).isEqualTo("written");
    assertThat(migration.subject("people")).isEqualTo("job people");
  }

  @Test
  void should_watch_rejects_while_loading_and_differences_while_checking() {
    CountTally counts = new CountTally();
    counts.add(Count.REJECTED_MAPPING, 3);
    counts.add(Count.ROWS_MISSING, 2);

    assertThat(WorkflowKind.MIGRATION.problems(counts.snapshot())).isEqualTo(3);
    assertThat(WorkflowKind.MIGRATION.problemsWord()).isEqualTo("rejected");
    assertThat(WorkflowKind.VALIDATION.problems(counts.snapshot())).isEqualTo(2);
    assertThat(WorkflowKind.VALIDATION.problemsWord()).isEqualTo("differences");
  }
}
