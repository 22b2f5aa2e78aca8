package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class JobTablesTest {

  private static JobSpec job(String yaml) {
    return JobFiles.parse(yaml, Path.of("/jobs/shop.yaml"));
  }

  private static final String SOURCE =
      "sources:\n  - name: shop\n    type: listed-tables\n    options: {tables: [orders,"
          + " counter_visits, users]}\n";

  @Test
  void should_give_a_job_of_one_table_as_it_is() {
    JobSpec one =
        job(
            "sources: [{type: listed-tables, options: {table: orders}}]\n"
                + "target: {keyspace: shop, table: orders_copy}\n");

    JobTables tables = JobTables.of(one);

    assertThat(tables.several()).isFalse();
    assertThat(tables.tables()).containsOnlyKeys("orders_copy");
    assertThat(tables.tables().get("orders_copy")).isSameAs(one);
  }

  @Test
  void should_give_each_table_a_job_of_its_own_sharing_the_jobs_state_and_budgets() {
    JobSpec whole =
        job(
            SOURCE
                + "target: {keyspace: shop_new}\n"
                + "per-table:\n  users: {table: people, mapping: {columns: {id: uid}}}\n"
                + "max-errors: 7\nflow: {workers: 3}\n");

    JobTables tables = JobTables.of(whole);

    assertThat(tables.several()).isTrue();
    assertThat(tables.tables()).containsOnlyKeys("orders", "people");
    JobSpec orders = tables.tables().get("orders");
    assertThat(orders.target().keyspace()).isEqualTo("shop_new");
    assertThat(orders.target().table()).isEqualTo("orders");
    assertThat(orders.mapping()).as("the same-name mapping, resolved when run").isNull();
    assertThat(orders.sources()).hasSize(1);
    assertThat(orders.sources().get(0).name()).isEqualTo("orders");
    assertThat(orders.stateDir()).isEqualTo(whole.stateDir());
    assertThat(orders.name()).isEqualTo(whole.name());
    assertThat(orders.maxErrors()).isEqualTo(whole.maxErrors());
    assertThat(orders.flow()).isEqualTo(whole.flow());
    JobSpec people = tables.tables().get("people");
    assertThat(people.sources().get(0).options()).containsEntry("table", "users");
    assertThat(people.mapping().columns()).containsOnlyKeys("id");
    assertThat(tables.notCopied()).containsOnlyKeys("counter_visits");
  }

  @Test
  void should_give_a_job_of_its_own_to_the_one_table_a_choice_matched() {
    JobTables tables =
        JobTables.of(
            job(
                "sources: [{name: shop, type: listed-tables, options: {tables: [orders]}}]\n"
                    + "target: {keyspace: shop_new}\n"));

    assertThat(tables.several()).isTrue();
    assertThat(tables.tables().get("orders").target().table()).isEqualTo("orders");
  }

  @Test
  void should_refuse_what_does_not_add_up_with_one_sentence_each() {
    assertThatThrownBy(() -> JobTables.of(job(SOURCE + "target: {keyspace: s, table: t}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("leave out target.table and mapping");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(SOURCE + "target: {keyspace: s}\nper-table: {payments: {table: p}}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("per-table: names [payments], which the source does not read");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(SOURCE + "target: {keyspace: s}\nper-table: {users: {table: orders}}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("Two source tables go to target table 'orders'");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(
                        "sources: [{type: listed-tables, options: {table: a}}]\n"
                            + "target: {keyspace: s, table: a}\nper-table: {a: {table: b}}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("per-table: applies to a source that reads several tables");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(
                        "sources: [{type: listed-tables, options: {table: a}}]\n"
                            + "target: {keyspace: s}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'keyspace' and a 'table'");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(
                        SOURCE
                            + "target: {keyspace: s, type: sstables, options: {directory: d}}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("writes over CQL for now");
  }

  private static final String FILES =
      "sources:\n"
          + "  - {name: o1, type: listed-tables, options: {table: o1}, table: orders}\n"
          + "  - {name: u, type: listed-tables, options: {table: u}, table: users}\n"
          + "  - {name: o2, type: listed-tables, options: {table: o2}, table: orders}\n";

  @Test
  void should_give_each_table_its_sources_when_sources_of_files_name_their_tables() {
    JobSpec whole =
        job(
            FILES
                + "target: {keyspace: shop_new}\n"
                + "per-table:\n  users: {mapping: {columns: {id: uid}}}\n");

    JobTables tables = JobTables.of(whole);

    assertThat(tables.several()).isTrue();
    assertThat(tables.tables()).containsOnlyKeys("orders", "users");
    JobSpec orders = tables.tables().get("orders");
    assertThat(orders.sources()).extracting(SourceSpec::name).containsExactly("o1", "o2");
    assertThat(orders.sources()).allSatisfy(source -> assertThat(source.table()).isNull());
    assertThat(orders.target().table()).isEqualTo("orders");
    assertThat(orders.mapping()).isNull();
    assertThat(tables.tables().get("users").mapping().columns()).containsOnlyKeys("id");
    assertThat(JobTables.of(orders).tables())
        .as("a table's own job is a job of one table")
        .containsOnlyKeys("orders");
  }

  @Test
  void should_refuse_sources_that_name_their_tables_with_what_does_not_add_up() {
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(
                        FILES
                            + "  - {name: x, type: listed-tables, options: {table: x}}\n"
                            + "target: {keyspace: s}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("Sources [x] name no table");
    assertThatThrownBy(() -> JobTables.of(job(FILES + "target: {keyspace: s, table: t}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("leave out target.table and mapping");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(FILES + "target: {keyspace: s}\nper-table: {payments: {mapping: {}}}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("per-table: names [payments], which no source names");
    assertThatThrownBy(
            () ->
                JobTables.of(
                    job(FILES + "target: {keyspace: s}\nper-table: {users: {table: people}}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("its sources name it");
  }
}
