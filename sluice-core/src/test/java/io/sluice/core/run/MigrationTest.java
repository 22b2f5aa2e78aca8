package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.count.Counts;
import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.report.ReasonCount;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.SourceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrationTest {

  @TempDir Path dir;

  private static Record person(long offset, String id, String name) {
    Map<String, Object> fields = new LinkedHashMap<>();
    if (id != null) {
      fields.put("_id", id);
    }
    fields.put("name", name);
    return new Record(new SourcePosition("people.bson", offset, id), fields, 10);
  }

  private JobSpec job(String maxErrors) {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    columns.put("id", ColumnSpec.ofField("_id"));
    columns.put("name", ColumnSpec.ofField("name"));
    return new JobSpec(
        "people",
        List.of(new SourceSpec("dump", "memory", List.of("mem"), null, null, Map.of())),
        new TargetSpec(null, null, null, "ks", "people", null, null, null, null, null, null),
        MappingSpec.of(columns),
        new FlowSpec(2, 4, null, null, null, null, null, null, null, null),
        ErrorThreshold.parse(maxErrors),
        dir.resolve("state"),
        dir,
        null);
  }

  private RunReport run(JobSpec job, RecordingTarget target, List<List<SourceItem>> splits) {
    return run(job, target, new InMemorySource("dump", splits));
  }

  private static RunReport run(JobSpec job, RecordingTarget target, InMemorySource source) {
    try (JobRun migration =
        Migration.prepare(job, target, List.of(source), Clock.systemUTC(), false)) {
      return migration.run();
    }
  }

  private static List<SourceItem> people(String prefix, int count) {
    List<SourceItem> items = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      items.add(person(i * 10L, prefix + i, "Person " + i));
    }
    return items;
  }

  @Test
  void should_resume_after_a_failure_without_losing_or_recounting_records() {
    List<List<SourceItem>> splits = List.of(people("a", 300), people("b", 300));
    RecordingTarget target = new RecordingTarget();

    RunReport first = run(job("10"), target, new InMemorySource("dump", splits, 120));
    RunReport second = run(job("10"), target, new InMemorySource("dump", splits));

    assertThat(first.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(first.abortReason()).contains("the disk went away");
    assertThat(first.counts().recordsRead()).isLessThanOrEqualTo(240);
    assertThat(second.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(second.runs()).isEqualTo(2);
    assertThat(second.counts().recordsRead()).isEqualTo(600);
    assertThat(second.counts().rowsWritten()).isEqualTo(600);
    assertThat(second.counts().addUp()).isTrue();
    assertThat(second.rowsWrittenThisRun()).isBetween(360L, 599L);
    assertThat(target.rows).hasSize(600);
  }

  @Test
  void should_stop_with_progress_saved_when_accounting_a_write_fails() {
    List<SourceItem> items = new ArrayList<>(people("a", 400));
    items.set(250, person(2_500, "a250", "unaccountable"));
    List<List<SourceItem>> splits = List.of(items);
    RecordingTarget target = new RecordingTarget();
    target.brokenFor = "unaccountable";

    RunReport first = run(job("10"), target, new InMemorySource("dump", splits));

    assertThat(first.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(first.abortReason()).startsWith("accounting a finished write failed");
    assertThat(first.counts().recordsRead()).isLessThanOrEqualTo(250);
    assertThat(first.counts().addUp()).isTrue();

    target.brokenFor = null;
    RunReport second = run(job("10"), target, new InMemorySource("dump", splits));

    assertThat(second.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(second.counts().recordsRead()).isEqualTo(400);
    assertThat(second.counts().rowsWritten()).isEqualTo(400);
    assertThat(second.counts().addUp()).isTrue();
    assertThat(target.rows).hasSize(400).containsKey("a250");
  }

  @Test
  void should_count_the_bytes_of_earlier_runs_as_done_but_not_as_this_runs() {
    List<List<SourceItem>> splits = List.of(people("a", 50));
    RecordingTarget target = new RecordingTarget();
    run(job("10"), target, new InMemorySource("dump", splits, 20));

    try (JobRun resumed =
        Migration.prepare(
            job("10"),
            target,
            List.of(new InMemorySource("dump", splits)),
            Clock.systemUTC(),
            false)) {
      // The work of the 20 records committed, in the source's own units (one an item).
      assertThat(resumed.totalWork()).isEqualTo(50);
      assertThat(resumed.workDone()).isEqualTo(20);
      assertThat(resumed.progress().bytesRead()).isZero();
    }
  }

  @Test
  void should_tell_the_sink_how_much_source_its_run_has_left() {
    List<List<SourceItem>> splits = List.of(people("a", 50));
    RecordingTarget target = new RecordingTarget();

    RunReport first = run(job("10"), target, new InMemorySource("dump", splits, 20));
    RunReport second = run(job("10"), target, new InMemorySource("dump", splits));

    assertThat(first.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(second.outcome()).isEqualTo(Outcome.COMPLETED);
    // In the source's own units (one an item): all of it, then what the first run left.
    assertThat(target.sinkSourceBytes).containsExactly(OptionalLong.of(50), OptionalLong.of(30));
  }

  @Test
  void should_keep_rejects_of_finished_records_once_across_runs() throws IOException {
    List<SourceItem> items = new ArrayList<>(people("a", 100));
    items.set(5, person(50, null, "keyless"));
    RecordingTarget target = new RecordingTarget();

    run(job("10"), target, new InMemorySource("dump", List.of(items), 50));
    RunReport second = run(job("10"), target, new InMemorySource("dump", List.of(items)));

    assertThat(second.counts().recordsRead()).isEqualTo(100);
    assertThat(second.counts().rejectedMapping()).isEqualTo(1);
    assertThat(Files.readAllLines(Path.of(second.rejectFile()))).hasSize(1);
  }

  @Test
  void should_do_nothing_more_for_a_completed_job() {
    RecordingTarget target = new RecordingTarget();
    run(job("0"), target, List.of(people("a", 50)));
    target.rows.clear();

    RunReport again = run(job("0"), target, List.of(people("a", 50)));

    assertThat(target.rows).isEmpty();
    assertThat(again.counts().rowsWritten()).isEqualTo(50);
    assertThat(again.runs()).isEqualTo(2);
  }

  @Test
  void should_refuse_to_resume_a_job_whose_mapping_changed() {
    RecordingTarget target = new RecordingTarget();
    run(job("10"), target, new InMemorySource("dump", List.of(people("a", 50)), 20));
    JobSpec changed = job("10");
    Map<String, ColumnSpec> columns = new LinkedHashMap<>(changed.mapping().columns());
    columns.put("name", ColumnSpec.ofConstant("everyone"));
    JobSpec withNewMapping =
        new JobSpec(
            changed.name(),
            changed.sources(),
            changed.target(),
            MappingSpec.of(columns),
            changed.flow(),
            changed.maxErrors(),
            changed.stateDir(),
            changed.baseDir(),
            null);

    assertThatThrownBy(
            () ->
                Migration.prepare(
                    withNewMapping,
                    target,
                    List.of(new InMemorySource("dump", List.of(people("a", 50)))),
                    Clock.systemUTC(),
                    false))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("its mapping has changed since")
        .hasMessageContaining("--fresh");
  }

  @Test
  void should_refuse_a_mapping_that_reads_a_field_the_source_does_not_have() {
    InMemorySource source =
        new InMemorySource("dump", List.of(people("a", 5))).withFields("_id", "nom");

    assertThatThrownBy(() -> run(job("0"), new RecordingTarget(), source))
        .isInstanceOf(JobFileException.class)
        .hasMessage(
            "Source 'dump' has no field 'name' (read by column 'name'); its fields are _id, nom."
                + " Correct the mapping's field names, or give such a column a default.");
  }

  @Test
  void should_refuse_to_resume_on_a_replaced_file_of_the_same_size() throws IOException {
    Path dump = Files.writeString(dir.resolve("people.bson"), "the dump the first run read");
    List<List<SourceItem>> splits = List.of(people("a", 50));
    RecordingTarget target = new RecordingTarget();
    run(job("10"), target, new InMemorySource("dump", splits, 20, dump));
    Files.writeString(dump, "another dump, the same size");

    assertThatThrownBy(() -> run(job("10"), target, new InMemorySource("dump", splits, 100, dump)))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("is not the file that run read")
        .hasMessageContaining("--fresh");
  }

  @Test
  void should_resume_on_a_copy_of_the_same_file() throws IOException {
    Path dump = Files.writeString(dir.resolve("people.bson"), "the dump the first run read");
    List<List<SourceItem>> splits = List.of(people("a", 50));
    RecordingTarget target = new RecordingTarget();
    run(job("10"), target, new InMemorySource("dump", splits, 20, dump));
    Files.delete(dump);
    Files.writeString(dump, "the dump the first run read");

    RunReport second = run(job("10"), target, new InMemorySource("dump", splits, 100, dump));

    assertThat(second.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(second.runs()).isEqualTo(2);
  }

  @Test
  void should_write_every_good_record_and_count_every_bad_one() throws IOException {
    List<SourceItem> first = new ArrayList<>();
    List<SourceItem> second = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      first.add(person(i * 10L, "a" + i, "Ada " + i));
      second.add(person(i * 10L, "b" + i, "Bob " + i));
    }
    first.add(new MalformedRecord(new SourcePosition("people.bson", 500, null), "bad UTF-8", 7));
    second.add(person(500, null, "no key"));
    second.add(person(510, "c1", "refused"));
    RecordingTarget target = new RecordingTarget();

    RunReport report = run(job("100"), target, List.of(first, second));

    Counts counts = report.counts();
    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(target.rows).hasSize(100).containsKeys("a0", "a49", "b0", "b49");
    assertThat(counts.recordsRead()).isEqualTo(103);
    assertThat(counts.rejectedDecode()).isEqualTo(1);
    assertThat(counts.rejectedMapping()).isEqualTo(1);
    assertThat(counts.rowsWritten()).isEqualTo(100);
    assertThat(counts.rowsFailed()).isEqualTo(1);
    assertThat(counts.addUp()).isTrue();
    List<String> rejects = Files.readAllLines(Path.of(report.rejectFile()));
    assertThat(rejects).hasSize(3);
    assertThat(rejects)
        .anySatisfy(line -> assertThat(line).contains("\"offset\":500", "\"stage\":\"decode\""))
        .anySatisfy(line -> assertThat(line).contains("\"stage\":\"mapping\"", "id"))
        .anySatisfy(line -> assertThat(line).contains("\"id\":\"c1\"", "\"stage\":\"write\""));
    JsonNode saved =
        new ObjectMapper().readTree(dir.resolve("state/report.json").toFile()).get("counts");
    assertThat(saved.get("rows-written").asLong()).isEqualTo(100);
    assertThat(saved.get("rows-failed").asLong()).isEqualTo(1);
    assertThat(saved.has("rows-missing"))
        .as("a migration finds no differences: %s", saved)
        .isFalse();
    assertThat(report.findingsFile()).isNull();
    assertThat(dir.resolve("state/differences.jsonl")).doesNotExist();
    assertThat(
            new ObjectMapper()
                .readTree(dir.resolve("state/report.json").toFile())
                .has("findings-file"))
        .isFalse();
    assertThat(report.rejectReasons())
        .extracting(ReasonCount::stage)
        .containsExactlyInAnyOrder("decode", "mapping", "write");
    assertThat(report.rejectReasons()).allMatch(reason -> reason.count() == 1);
    assertThat(dir.resolve("state/report.html"))
        .content()
        .contains("data-count=\"rows-written\">100<");
    assertThat(dir.resolve("state/timeline.jsonl")).content().contains("\"run\":1");
  }

  @Test
  void should_stop_when_rejects_exceed_max_errors() {
    List<SourceItem> items = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      items.add(person(i, null, "keyless " + i));
    }
    RecordingTarget target = new RecordingTarget();

    RunReport report = run(job("5"), target, List.of(items));

    assertThat(report.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(report.abortReason()).contains("more than max-errors 5 allows");
    assertThat(report.counts().rejectedMapping()).isGreaterThan(5).isLessThan(1_000);
    assertThat(report.counts().addUp()).isTrue();
  }

  @Test
  void should_count_the_rejects_of_earlier_runs_against_max_errors() {
    List<SourceItem> items = new ArrayList<>(people("a", 100));
    for (int i = 0; i < items.size(); i += 5) {
      items.set(i, person(i * 10L, null, "keyless " + i));
    }
    RecordingTarget target = new RecordingTarget();

    RunReport first = run(job("12"), target, new InMemorySource("dump", List.of(items), 50));
    RunReport second = run(job("12"), target, new InMemorySource("dump", List.of(items)));

    assertThat(first.abortReason()).contains("the disk went away");
    assertThat(first.counts().rejectedMapping()).isEqualTo(10);
    assertThat(second.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(second.abortReason()).contains("more than max-errors 12 allows");
    assertThat(second.counts().rejectedMapping()).isGreaterThan(12);
    assertThat(second.counts().addUp()).isTrue();
  }

  @Test
  void should_judge_each_tables_rejects_on_their_own_when_max_errors_is_per_table() {
    RunReport perTable = runTwoTables("3 per table", 3, 3);
    RunReport job = runTwoTables("3", 3, 3);
    RunReport tooMany = runTwoTables("3 per table", 1, 4);

    assertThat(perTable.outcome()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(perTable.counts().rejectedMapping()).isEqualTo(6);
    assertThat(perTable.counts().rowsWritten()).isEqualTo(594);
    assertThat(perTable.tables()).extracting(TableReport::table).containsExactly("big", "small");
    assertThat(job.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(job.abortReason()).contains("more than max-errors 3 allows");
    assertThat(tooMany.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(tooMany.abortReason())
        .contains("of table small were rejected")
        .contains("more than max-errors 3 per table allows");
    assertThat(tooMany.counts().addUp()).isTrue();
  }

  /**
   * Runs a job of two tables, {@code big} (500 records) and {@code small} (100), with {@code
   * bigRejects} and {@code smallRejects} keyless records among them, in a state folder of its own.
   */
  private RunReport runTwoTables(String maxErrors, int bigRejects, int smallRejects) {
    JobSpec job = job(maxErrors).withStateDir(dir.resolve("state-" + maxErrors + smallRejects));
    List<JobPart> parts = new ArrayList<>();
    int[][] tables = {{500, bigRejects}, {100, smallRejects}};
    String[] names = {"big", "small"};
    for (int t = 0; t < 2; t++) {
      List<SourceItem> items = new ArrayList<>(people(names[t], tables[t][0]));
      for (int i = 0; i < tables[t][1]; i++) {
        items.set(i * 7, person(i * 70L, null, "keyless " + i));
      }
      SourceSpec source = new SourceSpec(names[t], "memory", List.of("mem"), null, null, Map.of());
      TargetSpec target =
          new TargetSpec(null, null, null, "ks", names[t], null, null, null, null, null, null);
      parts.add(
          new JobPart(
              job.forTable(source, target, job.mapping()),
              new RecordingTarget(),
              List.of(new InMemorySource(names[t], List.of(items)))));
    }
    try (JobRun run = Migration.prepareTables(job, parts, List.of(), Clock.systemUTC(), false)) {
      return run.run();
    }
  }

  @Test
  void should_count_progress_in_the_file_bytes_the_reader_consumed() {
    // This reader consumes one file byte per 10-byte record, as a .gz reader consumes fewer
    // bytes than its records hold: progress follows the file, the report the records.
    try (JobRun migration =
        Migration.prepare(
            job("0"),
            new RecordingTarget(),
            List.of(new InMemorySource("dump", List.of(people("a", 50)))),
            Clock.systemUTC(),
            false)) {
      RunReport report = migration.run();

      assertThat(migration.workDone()).isEqualTo(50);
      assertThat(report.counts().bytesRead()).isEqualTo(500);
    }
  }

  @Test
  void should_stamp_rows_with_the_sources_fixed_timestamp() {
    RecordingTarget target = new RecordingTarget();

    run(job("0"), target, List.of(List.of(person(0, "x", "Xena"))));

    assertThat(target.rows.get("x").writeTimestampMicros()).isEqualTo(1);
  }
}
