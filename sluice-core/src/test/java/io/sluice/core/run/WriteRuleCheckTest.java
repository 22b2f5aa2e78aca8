package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriteRuleCheckTest {

  private static final ColumnSchema KEY =
      new ColumnSchema("id", new CqlType.Native("text"), ColumnSchema.Role.PARTITION_KEY);

  private static TableSchema table(boolean counters, ColumnSchema... regular) {
    List<ColumnSchema> columns = new java.util.ArrayList<>(List.of(KEY));
    columns.addAll(List.of(regular));
    return new TableSchema("ks", "t", columns, counters);
  }

  private static ColumnSchema column(String name, CqlType type) {
    return new ColumnSchema(name, type, ColumnSchema.Role.REGULAR);
  }

  @Test
  void should_refuse_counter_tables_unless_the_job_asked_to_copy_them() {
    assertThatThrownBy(() -> WriteRuleCheck.check(table(true)))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("holds counters, which cannot be written idempotently")
        .hasMessageContaining("counter-tables: copy");
  }

  @Test
  void should_state_the_risk_of_a_counter_table_the_job_copies() {
    List<String> warnings = WriteRuleCheck.check(table(true), true);

    assertThat(warnings)
        .singleElement()
        .asString()
        .startsWith("Counter table: each counter is copied by adding the difference")
        .contains("applied after that read counts twice")
        .contains("anything else writing the table during the copy")
        .contains("no write time");
  }

  @Test
  void should_say_nothing_of_counters_for_a_table_without_them() {
    assertThat(WriteRuleCheck.check(table(false), true)).isEmpty();
  }

  @Test
  void should_warn_about_non_frozen_lists_only() {
    CqlType text = new CqlType.Native("text");

    List<String> warnings =
        WriteRuleCheck.check(
            table(
                false,
                column("tags", new CqlType.ListType(text, false)),
                column("frozen_tags", new CqlType.ListType(text, true)),
                column("labels", new CqlType.SetType(text, false))));

    assertThat(warnings).singleElement().asString().startsWith("Column tags is a non-frozen list");
  }
}
