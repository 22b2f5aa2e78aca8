package io.sluice.core.validate;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.ValidationCheckpoint;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.ProgressLedger;
import io.sluice.core.run.RowsCommitted;
import io.sluice.core.run.RunControl;
import io.sluice.core.run.RunReport;
import io.sluice.core.run.Workflow;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.run.WriteTimestamps;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.source.CellTimesSource;
import io.sluice.core.source.KeyColumn;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.LocalJobState;
import io.sluice.core.state.SortedKeyRuns;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code sluice validate}: reads the same sources through the same mapping and splits as the
 * migration, and checks each row against the target through its {@link ValidatingTarget} instead of
 * writing it. Rows that could not be read are rejected at the check stage (with the records the
 * mapping refused, in the validation's own {@code rejects.jsonl}), findings are listed alone in
 * {@code differences.jsonl}, and with {@code --extra} the primary keys of committed source rows are
 * kept in sorted runs for the {@link ExtraRowScan} once every split is done; unless the checker's
 * merge join finds the extra rows itself, split by split ({@link #sourcesKnown}).
 *
 * <p>Run locally, its state lives in the {@code validate} folder of the job's state folder ({@link
 * LocalJobState#ofValidation}). A finished validation is not resumed: running it again checks
 * again.
 */
public final class Validation implements Workflow {

  private static final MapResult NOT_SAMPLED = new MapResult.Filtered();

  private final JobSpec job;
  private final ValidatingTarget target;
  private final ValidationSpec spec;
  private final Clock clock;
  private JobState state;
  private volatile SortedKeyRuns keys;
  private volatile boolean extraRowsDone;
  private boolean mergeFindsExtra;
  private boolean frozenSources;

  private Validation(JobSpec job, ValidatingTarget target, ValidationSpec spec, Clock clock) {
    this.job = job;
    this.target = target;
    this.spec = spec;
    this.clock = clock;
  }

  /** Plans a validation of the job against a connected target. */
  public static JobRun prepare(
      JobSpec job, Target target, Clock clock, boolean fresh, ValidationSpec spec) {
    return JobRun.prepare(job, target, clock, fresh, state(job), of(job, target, spec, clock));
  }

  /** Plans a validation with sources already created, as {@link JobRun#prepare} takes them. */
  public static JobRun prepare(
      JobSpec job,
      Target target,
      List<Source> sources,
      Clock clock,
      boolean fresh,
      ValidationSpec spec) {
    return JobRun.prepare(
        job, target, sources, clock, fresh, state(job), of(job, target, spec, clock));
  }

  /**
   * Plans a validation whose state is kept elsewhere than the job's local folder: the Spark runner
   * plans with the splits' shared checkpoints, then checks each split as a task.
   */
  public static JobRun prepare(
      JobSpec job,
      Target target,
      List<Source> sources,
      Clock clock,
      boolean fresh,
      ValidationSpec spec,
      JobState state) {
    return JobRun.prepare(job, target, sources, clock, fresh, state, of(job, target, spec, clock));
  }

  /**
   * The validation workflow of one process among several that check a job's splits (a Spark
   * executor): told of the job's sources, and begun without state of its own, so it checks splits
   * and finds extra rows only where its merge join does.
   */
  public static Validation forSplits(
      JobSpec job, Target target, ValidationSpec spec, Clock clock, List<Source> sources) {
    Validation validation = of(job, target, spec, clock);
    validation.sourcesKnown(sources);
    validation.extraRowsDone = validation.mergeFindsExtra;
    return validation;
  }

  /**
   * Whether extra rows are found split by split, by the checker's merge join (every source a table
   * whose key the mapping keeps), with no search of the target afterwards.
   */
  public boolean findsExtraRowsBySplit() {
    return mergeFindsExtra;
  }

  /** Where a validation of the job keeps its state when run locally. */
  public static LocalJobState state(JobSpec job) {
    return WorkflowKind.VALIDATION.localState(job);
  }

  private static Validation of(JobSpec job, Target target, ValidationSpec spec, Clock clock) {
    if (!(target instanceof ValidatingTarget validating)) {
      throw new JobFileException("This target cannot be validated.");
    }
    return new Validation(job, validating, spec, clock);
  }

  /** A finished validation starts over; an unfinished one resumes with the same options only. */
  @Override
  public boolean resumes(JobSpec job, Checkpoint saved) {
    if (saved.finished()) {
      return false;
    }
    ValidationCheckpoint validated = saved.validation();
    if (validated == null
        || validated.samplePercent() != spec.samplePercent()
        || validated.extraRows() != spec.extraRows()) {
      throw new JobFileException(
          "Job '"
              + job.name()
              + "' has an unfinished validation "
              + (validated == null ? "from another Sluice" : "started with " + describe(validated))
              + "; run it with the same options to resume it, or with --fresh to start over.");
    }
    return true;
  }

  private static String describe(ValidationCheckpoint saved) {
    String sample =
        saved.samplePercent() < 100 ? "--sample " + saved.samplePercent() : "no --sample";
    return sample + (saved.extraRows() ? " and --extra" : " and no --extra");
  }

  /**
   * Extra rows are found by the checker's merge join itself, with no key spill and no scan of the
   * target afterwards, when every source reads a table in its key order and the mapping fills each
   * of the target's primary key columns from the source's key column in the same place, of a type
   * that orders alike: then each split's rows come in the target's own key order.
   */
  @Override
  public void sourcesKnown(List<Source> sources) {
    // A snapshot's cells are never live writes, whatever their time (HBase takes any timestamp a
    // client sets, future ones included): each is judged against its own time alone.
    frozenSources =
        !sources.isEmpty()
            && sources.stream().allMatch(source -> source instanceof CellTimesSource);
    mergeFindsExtra =
        spec.extraRows() && !sources.isEmpty() && sources.stream().allMatch(this::keepsKeyOrder);
  }

  private boolean keepsKeyOrder(Source source) {
    if (!(source instanceof KeyOrderedSource ordered)) {
      return false;
    }
    List<KeyColumn> from = ordered.keyColumns();
    List<KeyColumn> to = target.keyColumns();
    MappingSpec mapping = job.mapping();
    if (from.isEmpty() || from.size() != to.size() || mapping.explode() != null) {
      return false;
    }
    for (int i = 0; i < to.size(); i++) {
      ColumnSpec column = mapping.columns().get(to.get(i).name());
      if (column == null
          || column.defaultValue() != null
          || !from.get(i).name().equals(column.field())
          || !from.get(i).ordersAs(to.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void begin(Optional<Checkpoint> resumed, JobState runState) {
    this.state = runState;
    Optional<ValidationCheckpoint> validated = resumed.map(Checkpoint::validation);
    // Extra rows the merge join finds are done with the splits they lie in.
    extraRowsDone =
        mergeFindsExtra || validated.map(ValidationCheckpoint::extraRowsDone).orElse(false);
    keys =
        spec.extraRows() && !mergeFindsExtra
            ? runState.openKeyRuns(
                "keys",
                SortedKeyRuns.DEFAULT_RUN_SIZE,
                validated.map(ValidationCheckpoint::keyRuns).orElse(0))
            : null;
  }

  @Override
  public WorkflowKind kind() {
    return WorkflowKind.VALIDATION;
  }

  @Override
  public Sink openSink(Mapper mapper, FlowFeedback feedback, OptionalLong sourceBytes) {
    ValidationSpec checks = frozenSources ? spec.withFrozenSource() : spec;
    return target.openChecker(job.flow(), feedback, checks, mapper.columns(), mergeFindsExtra);
  }

  /**
   * A split of a source read in a table's key order is checked by the checker's merge join along
   * it, when the checker has one; any other split by the checker's lookups.
   */
  @Override
  public Sink sinkForSplit(Sink sink, Source source, Split split, List<Row> committedBefore) {
    if (source instanceof KeyOrderedSource && sink instanceof KeyOrderedChecker checker) {
      return checker.forKeyOrderedSplit(split, committedBefore);
    }
    return sink.forSplit(split);
  }

  @Override
  public MapResult map(Mapper mapper, Record record) {
    if (spec.sampled() && !RecordSample.keeps(record.position(), spec.samplePercent())) {
      return NOT_SAMPLED;
    }
    return mapper.map(record);
  }

  @Override
  public RowsCommitted rowsCommitted() {
    SortedKeyRuns sourceKeys = keys;
    if (sourceKeys == null) {
      return null;
    }
    TableSchema table = target.schema();
    return rows -> rows.forEach(row -> sourceKeys.add(PrimaryKey.of(row.values(), table).encode()));
  }

  @Override
  public ValidationCheckpoint checkpointPart() {
    SortedKeyRuns sourceKeys = keys;
    return new ValidationCheckpoint(
        spec.samplePercent(),
        spec.extraRows(),
        sourceKeys == null ? 0 : sourceKeys.flush(),
        extraRowsDone);
  }

  /**
   * Runs the search for extra rows once every split is done. Its findings go past the checkpoint
   * saved before it, so an interrupted search leaves no trace: the next run cuts the differences
   * file back and searches again.
   */
  @Override
  public String finish(ProgressLedger ledger, RunControl control, LiveCounts live, Runnable save) {
    SortedKeyRuns sourceKeys = keys;
    if (sourceKeys == null || extraRowsDone) {
      return null;
    }
    String stopped =
        new ExtraRowScan(
                target,
                target.schema(),
                spec,
                sourceKeys,
                state,
                () -> WriteTimestamps.toMicros(clock.instant()),
                control::stopped,
                live)
            .run(ledger);
    if (stopped != null) {
      return stopped;
    }
    extraRowsDone = true;
    keys = null;
    save.run();
    sourceKeys.delete();
    return null;
  }

  @Override
  public void report(RunReport report, LineStore findings, JobState runState) {
    runState.saveDocument(
        ValidationReport.DOCUMENT, new ValidationReport(report, spec).toJson(findings));
  }

  @Override
  public String summaryDocument() {
    return ValidationReport.DOCUMENT;
  }

  @Override
  public String summary(RunReport report) {
    return new ValidationReport(report, spec).toText();
  }
}
