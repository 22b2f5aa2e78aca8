package io.sluice.spark;

import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.run.PlannedSource;
import io.sluice.core.run.SameNameMapping;
import io.sluice.core.run.Workflow;
import io.sluice.core.run.WriteTimestamps;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One table of a run on an executor, opened by the first task of that table there: its job, its
 * mapping resolved as the driver resolved it, a connection to its target table, its sources, its
 * compiled mapper and its workflow. A job of one table has one; a keyspace's job one per table
 * whose splits the executor runs.
 */
final class ExecutorTable implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ExecutorTable.class);

  private final JobSpec job;
  private final Target target;
  private final List<Source> sources;
  private final List<WriteTimestamps> timestamps;
  private final Mapper mapper;
  private final Workflow workflow;

  private ExecutorTable(
      JobSpec job,
      Target target,
      List<Source> sources,
      List<WriteTimestamps> timestamps,
      Mapper mapper,
      Workflow workflow) {
    this.job = job;
    this.target = target;
    this.sources = sources;
    this.timestamps = timestamps;
    this.mapper = mapper;
    this.workflow = workflow;
  }

  /**
   * Opens the table of {@code task}, whose job is {@code tableJob} as this executor reads it.
   *
   * @throws IllegalStateException when the table's job, mapping resolved, is not the one the driver
   *     planned
   */
  static ExecutorTable open(JobSpec tableJob, SplitTask task) {
    Target target = task.workflow().connectTarget(tableJob);
    List<Source> sources = new ArrayList<>();
    try {
      for (SourceSpec spec : tableJob.sources()) {
        sources.add(Sources.create(spec, tableJob.baseDir()));
      }
      // The driver planned the table with the same mapping, and fingerprinted it so.
      JobSpec job = SameNameMapping.resolve(tableJob, target.schema(), sources);
      if (!JobFingerprint.of(job).equals(task.tableJobFingerprint())) {
        throw new IllegalStateException(
            "The job "
                + task.job().jobFile()
                + " reads differently on this executor than on the driver (table "
                + task.table()
                + "): every executor must run the same sluice-spark.jar as the driver, and a"
                + " source table's columns must not change while the job runs.");
      }
      return new ExecutorTable(
          job,
          target,
          sources,
          WriteTimestamps.forSources(job.sources()),
          Mapper.compile(job.mapping(), target.schema()),
          task.workflow().onExecutor(job, target, sources));
    } catch (RuntimeException e) {
      closeSources(sources);
      target.close();
      throw e;
    }
  }

  JobSpec job() {
    return job;
  }

  Target target() {
    return target;
  }

  Mapper mapper() {
    return mapper;
  }

  Workflow workflow() {
    return workflow;
  }

  /** The source at {@code index} of the table's source list. */
  Source source(int index) {
    return sources.get(index);
  }

  /** The split of a source of the table, planned to run alone, with its write timestamps. */
  PlannedSource planned(int index, Split split) {
    return new PlannedSource(sources.get(index), List.of(split), timestamps.get(index));
  }

  @Override
  public void close() {
    closeSources(sources);
    target.close();
  }

  private static void closeSources(List<Source> sources) {
    for (Source source : sources) {
      try {
        source.close();
      } catch (IOException | RuntimeException e) {
        LOG.debug("Closing a source: {}", e.getMessage());
      }
    }
  }
}
