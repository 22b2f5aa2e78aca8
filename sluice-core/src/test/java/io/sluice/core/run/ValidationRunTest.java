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
import io.sluice.core.source.CellTime;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationReport;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.core.validate.ValidationSpec.RepairTimestamp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A validation is a run of the same machinery whose sink checks rows: its counts and files. */
class ValidationRunTest {

  private static final ValidationSpec WITH_EXTRA =
      new ValidationSpec(100, false, RepairTimestamp.SOURCE, true, false);
  private static final ValidationSpec REPAIR_ALL =
      new ValidationSpec(100, true, RepairTimestamp.SOURCE, true, true);

  @TempDir Path dir;
  private final InMemoryTable table = new InMemoryTable();

  private JobSpec job() {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    columns.put("id", ColumnSpec.ofField("_id"));
    columns.put("name", ColumnSpec.ofField("name"));
    return new JobSpec(
        "people",
        List.of(new SourceSpec("dump", "memory", List.of("mem"), null, null, Map.of())),
        new TargetSpec(null, null, null, "ks", "people", null, null, null, null, null, null),
        MappingSpec.of(columns),
        new FlowSpec(2, 8, null, null, null, null, null, null, null, null),
        ErrorThreshold.parse("10"),
        dir.resolve("state"),
        dir,
        null);
  }

  private static List<SourceItem> people(String prefix, int count) {
    List<SourceItem> items = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("_id", prefix + i);
      fields.put("name", "Person " + i);
      items.add(new Record(new SourcePosition("people.bson", i * 10L, prefix + i), fields, 10));
    }
    return items;
  }

  private static final List<List<SourceItem>> SPLITS = List.of(people("a", 300), people("b", 300));

  /** The table as a migration at timestamp 1 left it, damaged: see each test. */
  @BeforeEach
  void loadTable() {
    for (List<SourceItem> split : SPLITS) {
      for (SourceItem item : split) {
        Map<String, Object> fields = ((Record) item).fields();
        table.rows.put(
            (String) fields.get("_id"), new InMemoryTable.Cell((String) fields.get("name"), 1));
      }
    }
    table.rows.remove("a5");
    table.rows.remove("b250");
    table.rows.put("a7", new InMemoryTable.Cell("wrong", 1));
    table.rows.put("b9", new InMemoryTable.Cell("live", 5_000));
    table.rows.put("x1", new InMemoryTable.Cell("extra", 1));
  }

  private RunReport validate(ValidationSpec spec, Source source, boolean fresh) {
    try (JobRun migration =
        Validation.prepare(job(), table, List.of(source), Clock.systemUTC(), fresh, spec)) {
      return migration.run();
    }
  }

  private RunReport validate(ValidationSpec spec) {
    return validate(spec, new InMemorySource("dump", SPLITS), false);
  }

  private List<String> differenceLines() throws IOException {
    return Files.readAllLines(dir.resolve("state/validate/differences.jsonl"));
  }

  @Test
  void should_report_missing_mismatched_changed_and_extra_rows_by_key() throws IOException {
    RunReport report = validate(WITH_EXTRA);

    Counts c = report.counts();
    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED_WITH_DIFFERENCES);
    assertThat(c.rowsWritten()).isEqualTo(600);
    assertThat(c.rowsMissing()).isEqualTo(2);
    assertThat(c.rowsMismatched()).isEqualTo(1);
    assertThat(c.rowsChangedSince()).isEqualTo(1);
    assertThat(c.rowsExtra()).isEqualTo(1);
    assertThat(c.rowsMatching()).isEqualTo(596);
    assertThat(differenceLines())
        .hasSize(5)
        .anySatisfy(line -> assertThat(line).contains("\"kind\":\"missing\"", "id='a5'"))
        .anySatisfy(line -> assertThat(line).contains("\"kind\":\"missing\"", "id='b250'"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains("\"kind\":\"mismatch\"", "id='a7'", "\"source\":\"'Person 7'\"")
                    .contains("\"target\":\"'wrong'\""))
        .anySatisfy(line -> assertThat(line).contains("\"kind\":\"changed-since\"", "id='b9'"))
        .anySatisfy(line -> assertThat(line).contains("\"kind\":\"extra\"", "id='x1'"));
    JsonNode summary =
        new ObjectMapper().readTree(dir.resolve("state/validate/validation.json").toFile());
    assertThat(summary.at("/totals/differences").asLong()).isEqualTo(4);
    assertThat(summary.at("/findings-listed").asInt()).isEqualTo(5);
    assertThat(dir.resolve("state/validate/keys")).doesNotExist();
    assertThat(dir.resolve("state/rejects.jsonl")).doesNotExist();
    JsonNode counts =
        new ObjectMapper()
            .readTree(dir.resolve("state/validate/report.json").toFile())
            .get("counts");
    assertThat(counts.get("rows-checked").asLong()).isEqualTo(600);
    assertThat(counts.get("rows-unreadable").asLong()).isZero();
    assertThat(counts.get("rows-missing").asLong()).isEqualTo(2);
    assertThat(counts.has("rows-written")).as("a validation writes no rows: %s", counts).isFalse();
    assertThat(counts.has("rows-failed")).isFalse();
    String saved = Files.readString(dir.resolve("state/validate/report.json"));
    assertThat(saved).contains("\"rows-checked-this-run\" : 600").doesNotContain("written");
    assertThat(Files.readString(dir.resolve("state/validate/timeline.jsonl")))
        .contains("rows-checked")
        .doesNotContain("written");
  }

  @Test
  void should_say_what_it_checks_against_in_a_validations_words() {
    try (JobRun run =
        Validation.prepare(
            job(),
            table,
            List.of(new InMemorySource("dump", SPLITS)),
            Clock.systemUTC(),
            true,
            ValidationSpec.checkOnly())) {
      assertThat(run.workflow().kind()).isEqualTo(WorkflowKind.VALIDATION);
      assertThat(run.describe("ks.people", ""))
          .startsWith("Checking 1 source(s), 2 split(s)")
          .endsWith("against ks.people" + System.lineSeparator());
    }
  }

  @Test
  void should_say_how_it_repaired_naming_deletions_only_when_it_deleted() {
    RunReport repair = validate(REPAIR_ALL);
    String rewritesOnly =
        new ValidationReport(
                repair, new ValidationSpec(100, true, RepairTimestamp.SOURCE, true, false))
            .toText();
    String deletionsOnly =
        new ValidationReport(
                repair, new ValidationSpec(100, false, RepairTimestamp.SOURCE, true, true))
            .toText();

    assertThat(rewritesOnly)
        .contains("Repaired          4  (at the source timestamp)")
        .doesNotContain("deleted");
    assertThat(validateText(REPAIR_ALL, repair))
        .contains("(at the source timestamp; extra rows deleted at the current time)");
    assertThat(deletionsOnly).contains("(extra rows deleted at the current time)");
  }

  private static String validateText(ValidationSpec spec, RunReport run) {
    return new ValidationReport(run, spec).toText();
  }

  @Test
  void should_repair_so_that_the_next_validation_finds_no_difference() {
    RunReport repair = validate(REPAIR_ALL);
    RunReport again = validate(WITH_EXTRA);

    assertThat(repair.counts().rowsRepaired()).isEqualTo(4);
    assertThat(table.rows).doesNotContainKey("x1").containsKeys("a5", "b250");
    assertThat(again.runs()).isEqualTo(1);
    assertThat(again.counts().differences()).isZero();
    assertThat(again.counts().rowsChangedSince()).isEqualTo(1);
    assertThat(again.outcome()).isEqualTo(Outcome.COMPLETED);
  }

  /**
   * A cell whose own time is after the check began is a live write when the source is read live, so
   * a difference there is changed since; from a source frozen in time (an HBase snapshot, whose
   * client may set any timestamp, future ones included) it is a mismatch like any other.
   */
  @Test
  void should_judge_a_frozen_sources_cells_by_their_own_time_whatever_it_is() {
    long tomorrowMicros = (System.currentTimeMillis() + 86_400_000L) * 1000;
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("_id", "a7");
    fields.put("name", "Person 7");
    List<List<SourceItem>> later =
        List.of(
            List.of(
                new Record(
                    new SourcePosition("people.bson", 0, "a7"),
                    fields,
                    10,
                    10,
                    Map.of("name", new CellTime(tomorrowMicros, CellTime.NEVER, List.of())))));

    RunReport live = validate(ValidationSpec.checkOnly(), new InMemorySource("dump", later), true);
    RunReport frozen =
        validate(
            ValidationSpec.checkOnly(), new FrozenSource(new InMemorySource("dump", later)), true);

    assertThat(live.counts().rowsChangedSince()).isEqualTo(1);
    assertThat(live.counts().rowsMismatched()).isZero();
    assertThat(frozen.counts().rowsMismatched()).isEqualTo(1);
    assertThat(frozen.counts().rowsChangedSince()).isZero();
  }

  @Test
  void should_resume_without_listing_a_difference_twice_and_still_find_extra_rows()
      throws IOException {
    RunReport first = validate(WITH_EXTRA, new InMemorySource("dump", SPLITS, 260), false);
    RunReport second = validate(WITH_EXTRA);

    assertThat(first.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(second.runs()).isEqualTo(2);
    assertThat(second.counts().recordsRead()).isEqualTo(600);
    assertThat(second.counts().rowsWritten()).isEqualTo(600);
    assertThat(second.counts().differences()).isEqualTo(4);
    assertThat(differenceLines()).hasSize(5);
  }

  @Test
  void should_refuse_to_resume_with_other_options() {
    validate(WITH_EXTRA, new InMemorySource("dump", SPLITS, 100), false);

    assertThatThrownBy(() -> validate(ValidationSpec.checkOnly()))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("unfinished validation started with no --sample and --extra")
        .hasMessageContaining("--fresh");
  }

  @Test
  void should_check_a_deterministic_sample_and_count_the_rest_as_filtered() {
    ValidationSpec tenPercent = new ValidationSpec(10, false, RepairTimestamp.SOURCE, false, false);

    RunReport sample = validate(tenPercent);
    RunReport again = validate(tenPercent);

    Counts c = sample.counts();
    assertThat(c.rowsWritten()).isBetween(30L, 90L);
    assertThat(c.recordsFiltered()).isEqualTo(600 - c.rowsWritten());
    assertThat(again.counts().rowsWritten()).isEqualTo(c.rowsWritten());
  }

  @Test
  void should_reject_rows_it_cannot_read_without_calling_them_differences() throws IOException {
    List<SourceItem> items = new ArrayList<>(people("a", 10));
    Map<String, Object> refused = new LinkedHashMap<>(Map.of("_id", "a3", "name", "refused"));
    items.set(3, new Record(new SourcePosition("people.bson", 30, "a3"), refused, 10));

    RunReport report =
        validate(ValidationSpec.checkOnly(), new InMemorySource("dump", List.of(items)), true);

    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED_WITH_ERRORS);
    assertThat(report.counts().rowsFailed()).isEqualTo(1);
    assertThat(Files.readAllLines(dir.resolve("state/validate/rejects.jsonl")))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("\"stage\":\"check\"", "read failed"));
    assertThat(differenceLines()).allSatisfy(line -> assertThat(line).contains("\"kind\""));
    assertThat(validateText(ValidationSpec.checkOnly(), report))
        .contains("Findings listed in " + dir.resolve("state/validate/differences.jsonl"))
        .contains("Rejects listed in " + dir.resolve("state/validate/rejects.jsonl"));
  }
}
