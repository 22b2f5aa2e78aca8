package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.KeyColumn;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import io.sluice.core.validate.KeyOrderedChecker;
import io.sluice.core.validate.KeyOrderedSource;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Which sink takes a split's rows is the workflow's choice: a validation's merge join or not. */
class SplitSinkChoiceTest {

  private static final Split SPLIT = new Split("people", 0, "ks.people", -100, 100, 1);
  private static final List<Row> BEFORE =
      List.of(new Row(Map.of("id", "p4"), 0, new SourcePosition("ks.people", 4, "p4")));

  private final InMemoryTable table = new InMemoryTable();
  private final MergeJoinFake checker = new MergeJoinFake();

  @Test
  void should_check_a_key_ordered_split_by_the_checkers_merge_join_after_the_committed_rows() {
    Source source = new TableLikeSource();
    Validation validation = validation(source);

    Sink chosen = validation.sinkForSplit(checker, source, SPLIT, BEFORE);

    assertThat(chosen).isSameAs(checker.merge);
    assertThat(checker.mergedSplits).containsExactly(SPLIT);
    assertThat(checker.committedBefore).isEqualTo(BEFORE);
  }

  @Test
  void should_look_up_each_row_of_a_split_whose_source_keeps_no_key_order() {
    Source source = new InMemorySource("people", List.of(List.of()));
    Validation validation = validation(source);

    Sink chosen = validation.sinkForSplit(checker, source, SPLIT, List.of());

    assertThat(chosen).isSameAs(checker);
    assertThat(checker.mergedSplits).isEmpty();
  }

  @Test
  void should_write_every_split_of_a_migration_to_the_sinks_own_split_sink() {
    Source source = new TableLikeSource();

    Sink chosen = Migration.of(job(), table).sinkForSplit(checker, source, SPLIT, BEFORE);

    assertThat(chosen).isSameAs(checker);
    assertThat(checker.mergedSplits).isEmpty();
  }

  private Validation validation(Source source) {
    return Validation.forSplits(
        job(), table, ValidationSpec.checkOnly(), Clock.systemUTC(), List.of(source));
  }

  private static JobSpec job() {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    columns.put("id", ColumnSpec.ofField("id"));
    columns.put("name", ColumnSpec.ofField("name"));
    return new JobSpec(
        "people",
        List.of(new SourceSpec("people", "memory", List.of("mem"), null, null, Map.of())),
        new TargetSpec(null, null, null, "ks", "people", null, null, null, null, null, null),
        MappingSpec.of(columns),
        new FlowSpec(2, 8, null, null, null, null, null, null, null, null),
        ErrorThreshold.parse("10"),
        Path.of("state"),
        Path.of("."),
        null);
  }

  /** A source read in a table's key order, as the table source is. */
  private static final class TableLikeSource implements KeyOrderedSource {
    @Override
    public String name() {
      return "people";
    }

    @Override
    public List<Split> plan() {
      return List.of(SPLIT);
    }

    @Override
    public SplitReader open(Split split) {
      throw new UnsupportedOperationException("not read here");
    }

    @Override
    public List<KeyColumn> keyColumns() {
      return List.of();
    }
  }

  /** A checker whose merge join is a sink of its own, remembering what it was asked. */
  private static final class MergeJoinFake implements KeyOrderedChecker {
    final Sink merge =
        new Sink() {
          @Override
          public CompletionStage<WriteResult> write(List<Row> rows) {
            throw new AssertionError("not written here");
          }

          @Override
          public void close() {}
        };
    final List<Split> mergedSplits = new ArrayList<>();
    List<Row> committedBefore;

    @Override
    public Sink forKeyOrderedSplit(Split split, List<Row> committedBefore) {
      mergedSplits.add(split);
      this.committedBefore = committedBefore;
      return merge;
    }

    @Override
    public CompletionStage<WriteResult> write(List<Row> rows) {
      throw new AssertionError("not written here");
    }

    @Override
    public void close() {}
  }
}
