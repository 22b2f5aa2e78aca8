package io.sluice.cli;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.run.SchemaFirst;
import io.sluice.core.run.WorkflowKind;
import io.sluice.core.sink.Target;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Opens what a job reads and writes, and gathers every problem found on the way instead of stopping
 * at the first: each source (its files exist and can be read), the target (reachable, its login
 * accepted, its datacenter, keyspace and table there) and, when the target is there, the mapping
 * against its table. A user fixing a new job file sees all its mistakes in one run.
 */
final class JobChecks implements AutoCloseable {

  private final List<String> problems = new ArrayList<>();
  private final List<Source> sources = new ArrayList<>();
  private Target target;

  private JobChecks() {}

  /**
   * Opens the job's sources and target.
   *
   * @param kind the run the target is connected for ({@link WorkflowKind#connect})
   * @throws JobFileException listing every problem found, when there is any; nothing stays open
   */
  static JobChecks open(JobSpec job, WorkflowKind kind) {
    try {
      SchemaFirst.ensure(job, kind);
    } catch (RuntimeException e) {
      throw new JobFileException(ErrorReporter.sentence(e));
    }
    return openCreated(job, kind);
  }

  /**
   * Opens the job's sources and target as {@link #open} does, without creating any of the target's
   * schema ({@code sluice plan} changes nothing).
   */
  static JobChecks openCreated(JobSpec job, WorkflowKind kind) {
    JobChecks checks = new JobChecks();
    // The target connects while the sources open: two clusters' handshakes and schema reads at
    // once instead of one after the other.
    CompletableFuture<Target> connecting =
        CompletableFuture.supplyAsync(() -> kind.connect(job), JobChecks::onOwnThread);
    for (SourceSpec spec : job.sources()) {
      try {
        checks.sources.add(Sources.create(spec, job.baseDir()));
      } catch (RuntimeException e) {
        checks.problems.add(ErrorReporter.sentence(e));
      }
    }
    try {
      checks.target = connected(connecting);
      checks.problems.addAll(checks.target.problems());
    } catch (RuntimeException e) {
      checks.problems.add(ErrorReporter.sentence(e));
    }
    if (checks.target != null && !checks.problems.isEmpty() && job.mapping() != null) {
      try {
        Mapper.compile(job.mapping(), checks.target.schema());
      } catch (RuntimeException e) {
        checks.problems.add(ErrorReporter.sentence(e));
      }
    }
    if (!checks.problems.isEmpty()) {
      checks.close();
      throw new JobFileException(describe(job, checks.problems));
    }
    return checks;
  }

  private static void onOwnThread(Runnable task) {
    Thread thread = new Thread(task, "sluice-target-connect");
    thread.setDaemon(true);
    thread.start();
  }

  private static Target connected(CompletableFuture<Target> connecting) {
    try {
      return connecting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static String describe(JobSpec job, List<String> problems) {
    if (problems.size() == 1) {
      return problems.get(0);
    }
    StringBuilder text =
        new StringBuilder(problems.size() + " problems stop job '" + job.name() + "':");
    for (String problem : problems) {
      text.append("\n  - ").append(problem);
    }
    return text.toString();
  }

  Target target() {
    return target;
  }

  /** The sources, one per entry of the job's list, handed over to the run, which closes them. */
  List<Source> takeSources() {
    List<Source> taken = List.copyOf(sources);
    sources.clear();
    return taken;
  }

  @Override
  public void close() {
    for (Source source : sources) {
      try {
        source.close();
      } catch (IOException | RuntimeException e) {
        // Closing a source we only read from cannot lose data.
      }
    }
    sources.clear();
    if (target != null) {
      target.close();
    }
  }
}
