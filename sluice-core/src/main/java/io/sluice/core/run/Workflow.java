package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.ValidationCheckpoint;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.MapResult;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.report.HtmlReport;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LineStore;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a kind of run does with the job's records, in the order {@link JobRun} asks: whether it
 * resumes a saved checkpoint, where mapped rows go, what it keeps as records commit, what it does
 * once every split is done, and what it reports. {@link Migration} writes the rows; a validation
 * ({@code io.sluice.core.validate.Validation}) checks them against the target.
 */
public interface Workflow {

  /** Which kind of run this is: how the runtimes connect it, name it and show its progress. */
  WorkflowKind kind();

  /**
   * Whether to resume {@code saved} rather than start over; refuses, with a {@link
   * io.sluice.core.job.JobFileException}, a checkpoint this workflow cannot resume.
   */
  default boolean resumes(JobSpec job, Checkpoint saved) {
    return true;
  }

  /** Told of the job's sources once they are created, before the run is planned further. */
  default void sourcesKnown(List<Source> sources) {}

  /** Prepares this run's own state, from the checkpoint it resumes if any, before any record. */
  default void begin(Optional<Checkpoint> resumed, JobState state) {}

  /**
   * Opens where the mapped rows go, telling {@code feedback} how each request fared.
   *
   * @param sourceBytes the bytes of source the sink's run has left to read; empty when a source
   *     could only guess its size, or when the sink takes part of a run only (a Spark task's)
   */
  Sink openSink(Mapper mapper, FlowFeedback feedback, OptionalLong sourceBytes);

  /**
   * The sink for one split's rows, asked once the split's reader is open; by default {@code sink}'s
   * own ({@link Sink#forSplit}).
   *
   * @param sink what {@link #openSink} opened
   * @param source the split's source
   * @param committedBefore the rows of the record right before where the reader starts, which an
   *     earlier run committed (a resumed split of a source that reads it again, a table's); empty
   *     otherwise
   */
  default Sink sinkForSplit(Sink sink, Source source, Split split, List<Row> committedBefore) {
    return sink.forSplit(split);
  }

  /** Turns a record into rows. */
  default MapResult map(Mapper mapper, Record record) {
    return mapper.map(record);
  }

  /** Told of each committed record's rows, or {@code null}: rows are then not kept. */
  default RowsCommitted rowsCommitted() {
    return null;
  }

  /** This workflow's own part of a checkpoint, asked for under the ledger's lock; or null. */
  default ValidationCheckpoint checkpointPart() {
    return null;
  }

  /**
   * Runs once every split is committed and saved, unless the run stopped; returns why it stopped
   * early, or {@code null}.
   *
   * @param live the run's live counts, for the progress line
   * @param save saves a checkpoint of the ledger as it is now
   */
  default String finish(ProgressLedger ledger, RunControl control, LiveCounts live, Runnable save) {
    return null;
  }

  /**
   * Runs once the run is planned, before its first record: a migration lets its target clean up
   * what a killed run left ({@link io.sluice.core.sink.Target#beforeMigration}).
   */
  default void beforeRun(PrintWriter out) {}

  /**
   * Runs once the run ended and its summary is printed: a migration lets its target finish ({@link
   * io.sluice.core.sink.Target#afterMigration}, the streaming of SSTables).
   */
  default void afterRun(boolean completed, PrintWriter out) {}

  /**
   * Saves this workflow's reports beside the run's {@code report.json}.
   *
   * @param findings the run's findings (a validation's differences)
   */
  default void report(RunReport report, LineStore findings, JobState state) {}

  /** The document in the run's state that sums the run up for a person. */
  default String summaryDocument() {
    return HtmlReport.REPORT_JSON;
  }

  /** The finished run as the console shows it. */
  default String summary(RunReport report) {
    return report.toText();
  }
}
