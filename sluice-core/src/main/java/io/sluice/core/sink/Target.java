package io.sluice.core.sink;

import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.schema.TableSchema;
import java.io.PrintWriter;
import java.util.List;
import java.util.OptionalLong;

/**
 * The table a job writes to, once connected: its schema for the mapper and planner, and the sink
 * that writes rows to it. The Cassandra module provides the implementation.
 */
public interface Target extends AutoCloseable {

  /**
   * What was found wrong with the settings on connecting that would stop a run, each in one
   * sentence, such as a local datacenter the cluster does not have; empty when all is well. The
   * connection stays open so that the table can still be checked.
   */
  default List<String> problems() {
    return List.of();
  }

  /** The target table as it exists now. */
  TableSchema schema();

  /**
   * A sink writing to the table with the job's flow settings, telling {@code feedback} how each
   * request fared.
   */
  Sink openSink(FlowSpec flow, FlowFeedback feedback);

  /**
   * A sink for a run that has {@code sourceBytes} of source left to read (empty when that is not
   * known): a target that starts something for its sinks may size it by that. By default the same
   * as {@link #openSink(FlowSpec, FlowFeedback)}.
   */
  default Sink openSink(FlowSpec flow, FlowFeedback feedback, OptionalLong sourceBytes) {
    return openSink(flow, feedback);
  }

  /** A sink whose answers steer nothing, for writes outside a run. */
  default Sink openSink(FlowSpec flow) {
    return openSink(flow, FlowFeedback.NONE);
  }

  /**
   * What {@code sluice plan} says of the target beyond its table, one sentence a line: how a target
   * that does not write over CQL writes, and how much. None by default.
   *
   * @param sampleRows the rows the plan's sample of records maps to
   * @param scale how many times the sources' whole size is the sample's (0 when unknown)
   */
  default List<String> planLines(List<Row> sampleRows, double scale) {
    return List.of();
  }

  /** Reads the target's compaction backlog as the settings allow; none by default. */
  default BacklogProbe backlogProbe(CompactionSpec compaction) {
    return BacklogProbe.none();
  }

  /**
   * Before a migration run of {@code job} opens its first sink, once, where the run is directed
   * (the CLI, or a Spark job's driver; never on an executor, whose tasks open sinks while others
   * write): a target that writes files removes what a killed run left half written. Nothing by
   * default.
   */
  default void beforeMigration(JobSpec job, PrintWriter out) {}

  /**
   * The target's second phase, once a migration run of {@code job} ended ({@code completed} says
   * whether it completed), before the target closes: a target that writes files streams them here
   * when the job asks it to. Nothing by default.
   */
  default void afterMigration(JobSpec job, boolean completed, PrintWriter out) {}

  @Override
  void close();
}
