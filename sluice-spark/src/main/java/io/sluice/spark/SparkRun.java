package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Counts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.job.JobSpec;
import io.sluice.core.report.HtmlReport;
import io.sluice.core.report.JobSettings;
import io.sluice.core.report.RejectReasons;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.PlannedSource;
import io.sluice.core.run.RunReport;
import io.sluice.core.sink.Target;
import io.sluice.core.source.ContentDigest;
import io.sluice.core.source.Source;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import io.sluice.core.state.RejectFile;
import io.sluice.core.validate.ValidationReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * A migration or a validation on Spark: the driver plans the job's splits as the CLI does, against
 * the checkpoints its splits saved where every executor reaches them; each split not yet done
 * becomes one task that runs it through {@link io.sluice.core.run.SplitRunner}; the driver then
 * reads every split's checkpoint back and writes the job's report from their counts.
 */
final class SparkRun {

  private final JavaSparkContext spark;
  private final PrintWriter out;
  private final Clock clock = Clock.systemUTC();

  private final SparkWorkflow workflow;
  private Path stateDir;

  SparkRun(JavaSparkContext spark, SparkWorkflow workflow, PrintWriter out) {
    this.spark = spark;
    this.workflow = workflow;
    this.out = out;
  }

  /** Where a document of the last run is kept on the driver, for a person to read. */
  String location(String document) {
    return stateDir.resolve(document).toString();
  }

  /**
   * Runs the job.
   *
   * @param sharedBudget whether the tasks share the job's one flow budget (the default); otherwise
   *     each task adapts by itself, as other Spark tools do, which the benchmark compares
   * @param printReport prints the run's report, before the target's second phase (the streaming of
   *     SSTables the job asks for)
   */
  RunReport run(
      JobArgs args, boolean fresh, boolean sharedBudget, Consumer<RunReport> printReport) {
    JobSpec job = args.load();
    StateLocation location = StateLocation.of(job, workflow);
    stateDir = Path.of(location.folder());
    location.prepare(job);
    try (SplitStore splits = location.open(job)) {
      SharedState state = new SharedState(splits, Path.of(location.folder()), workflow.linesName());
      if (fresh) {
        splits.clear();
      }
      Instant started = clock.instant();
      String runId = UUID.randomUUID().toString();
      List<SplitTask> tasks;
      int runs;
      Counts before;
      try (Target target = workflow.connectTarget(job)) {
        try (JobRun plan = workflow.prepare(job, target, sources(job), clock, fresh, state)) {
          plan.warnings().forEach(warning -> out.println("Warning: " + warning));
          Checkpoint earlier = plan.resumes().orElse(null);
          runs = earlier == null ? 1 : earlier.runs() + 1;
          before = earlier == null ? Counts.ZERO : earlier.counts();
          tasks = tasks(args, job, location, splits, plan, earlier);
          describe(job, state, target, plan, earlier, tasks.size());
        }
        if (!workflow.validates()) {
          target.beforeMigration(job, out);
        }
        RunReport report;
        try (BacklogProbe probe = target.backlogProbe(job.flow().compaction());
            BudgetCoordinator budget = sharedBudget ? startBudget(job, probe, before) : null) {
          List<SplitTask> sent =
              budget == null ? tasks : tasks.stream().map(task -> task.withBudget(budget)).toList();
          List<TaskResult> results = runTasks(job, runId, sent);
          FlowStats flow = budget == null ? sum(results) : budget.stats();
          report = report(job, state, started, runs, results, flow);
        }
        printReport.accept(report);
        if (!workflow.validates()) {
          target.afterMigration(job, report.outcome().finished(), out);
          out.flush();
        }
        return report;
      }
    }
  }

  /**
   * Serves the job's flow budget and error budget on the driver's address, where every executor
   * reaches it.
   */
  private BudgetCoordinator startBudget(JobSpec job, BacklogProbe probe, Counts earlier) {
    String host = spark.getConf().get("spark.driver.host", "127.0.0.1");
    SparkSettings settings = SparkSettings.of(job);
    String bindAddress = settings.budgetBindAddress() == null ? host : settings.budgetBindAddress();
    int port = settings.budgetPortOrFree();
    ErrorBudget errors =
        new ErrorBudget(job.maxErrors(), earlier.rejected(), earlier.recordsRead());
    try {
      return BudgetCoordinator.start(bindAddress, port, host, job.flow(), probe, errors);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot serve the job's flow budget on "
              + bindAddress
              + (port == 0 ? " (a free port)" : " port " + port)
              + ": "
              + e.getMessage()
              + "; set spark.budget-port and spark.budget-bind-address in the job file",
          e);
    }
  }

  private static List<Source> sources(JobSpec job) {
    return job.sources().stream().map(spec -> Sources.create(spec, job.baseDir())).toList();
  }

  /** One task for every split that is not done yet, in the order of the plan. */
  private List<SplitTask> tasks(
      JobArgs args,
      JobSpec job,
      StateLocation location,
      SplitStore splits,
      JobRun plan,
      Checkpoint earlier) {
    Counts before = earlier == null ? Counts.ZERO : earlier.counts();
    JobFingerprint fingerprint = JobFingerprint.of(job);
    List<SplitTask> tasks = new ArrayList<>();
    Map<String, String> digests = new HashMap<>();
    List<PlannedSource> sources = plan.sources();
    for (int i = 0; i < sources.size(); i++) {
      PlannedSource source = sources.get(i);
      for (Split split : source.splits()) {
        SplitCheckpoint saved = earlier == null ? null : earlier.splits().get(split.id());
        if (saved != null && saved.done()) {
          continue;
        }
        // A file's digest, computed once for all of its splits.
        Map<String, String> digest = new HashMap<>();
        source
            .source()
            .file(split.resource())
            .ifPresent(
                file ->
                    digest.put(
                        split.resource(),
                        digests.computeIfAbsent(split.resource(), r -> ContentDigest.of(file))));
        if (saved == null) {
          registerSplit(splits, split, fingerprint, digest);
        }
        tasks.add(
            SplitTask.of(
                args,
                workflow,
                location,
                i,
                split,
                digest,
                fingerprint,
                before.rejected(),
                before.recordsRead()));
      }
    }
    return tasks;
  }

  /**
   * Saves a split's checkpoint before its task first runs, so the shared state always holds the
   * whole plan: a resumed run checks it against a new plan as the CLI's checkpoint is checked.
   */
  private static void registerSplit(
      SplitStore splits, Split split, JobFingerprint fingerprint, Map<String, String> digest) {
    splits
        .checkpoint(split.id())
        .save(
            new Checkpoint(
                Checkpoint.CURRENT_VERSION,
                fingerprint,
                Map.of(
                    split.id(),
                    new SplitCheckpoint(
                        split.resource(), split.start(), split.end(), null, 0L, false)),
                digest,
                Counts.ZERO,
                0,
                0,
                Instant.now(),
                null));
  }

  private void describe(
      JobSpec job,
      SharedState state,
      Target target,
      JobRun plan,
      Checkpoint earlier,
      int splitsLeft) {
    int splits = plan.sources().stream().mapToInt(s -> s.splits().size()).sum();
    if (earlier != null) {
      out.printf(
          "Resuming job %s from the checkpoints its splits saved in %s (%,d records done in %d"
              + " earlier run(s)); --fresh starts over.%n",
          job.name(), state.splits().location(), earlier.counts().recordsRead(), earlier.runs());
    }
    out.printf(
        "%s %d source(s), %d split(s) (%d to run as Spark tasks), %.1f MB %s %s%n",
        workflow.validates() ? "Checking" : "Loading",
        plan.sources().size(),
        splits,
        splitsLeft,
        plan.totalWork() / 1e6,
        workflow.validates() ? "against" : "into",
        target.schema().qualifiedName());
    out.flush();
  }

  private List<TaskResult> runTasks(JobSpec job, String runId, List<SplitTask> tasks) {
    if (tasks.isEmpty()) {
      return List.of();
    }
    spark.setJobDescription(
        "sluice " + workflow.command() + " " + job.name() + ": one task per split");
    // Names the stage in Spark's UI after the job rather than after this line of code.
    spark.setCallSite(
        "sluice " + workflow.command() + " " + job.name() + ", " + tasks.size() + " splits");
    try {
      return spark
          .parallelize(tasks, tasks.size())
          .setName("splits of job " + job.name())
          .map(task -> SplitTasks.run(runId, task))
          .collect();
    } finally {
      spark.clearCallSite();
      // In local mode the executors live in this JVM: release their connections now.
      ExecutorJob.closeRun(runId);
    }
  }

  /** Sums every split's saved counts into the job's report, as the CLI writes it. */
  private RunReport report(
      JobSpec job,
      SharedState state,
      Instant started,
      int runs,
      List<TaskResult> results,
      FlowStats flow) {
    Checkpoint all = state.merged().orElse(null);
    Counts counts = all == null ? Counts.ZERO : all.counts();
    String stopReason =
        results.stream()
            .map(TaskResult::stopReason)
            .filter(reason -> reason != null)
            .findFirst()
            .orElse(null);
    long rowsThisRun = results.stream().mapToLong(r -> r.committed().rowsWritten()).sum();
    Path rejects = gatherRejects(state);
    Outcome outcome =
        stopReason != null || (all != null && !all.complete())
            ? Outcome.ABORTED
            : counts.rejected() > 0
                ? Outcome.COMPLETED_WITH_ERRORS
                : counts.differences() > 0 ? Outcome.COMPLETED_WITH_DIFFERENCES : Outcome.COMPLETED;
    if (outcome == Outcome.ABORTED && stopReason == null) {
      stopReason = "some splits did not finish; run the same command again to resume them";
    }
    RunReport report =
        new RunReport(
            job.name(),
            outcome,
            stopReason,
            counts,
            started,
            Duration.between(started, clock.instant()),
            rejects.toString(),
            runs,
            rowsThisRun,
            flow,
            List.of());
    if (counts.rejected() > 0) {
      try (BufferedReader reader = Files.newBufferedReader(rejects)) {
        report = report.withRejectReasons(RejectReasons.of(reader));
      } catch (IOException e) {
        out.println("Warning: cannot group the rejects' reasons: " + e.getMessage());
      }
    }
    state.saveDocument(HtmlReport.REPORT_JSON, report.toJson());
    state.saveDocument(
        HtmlReport.DOCUMENT,
        HtmlReport.render(report.toJson(), List.of(), JobSettings.of(job), workflow.validates()));
    if (workflow.validates()) {
      try (RejectFile lines = new RejectFile(rejects, rejects.toFile().length())) {
        state.saveDocument(
            "validation.json", new ValidationReport(report, workflow.validation()).toJson(lines));
      }
    }
    return report;
  }

  /**
   * The splits' reject lines in one file, split by split, as the report names it: each split's
   * lines up to its checkpoint's mark, so lines of records a killed task had not committed are left
   * out, as its split's next run would cut them.
   */
  private static Path gatherRejects(SharedState state) {
    Path gathered = state.dir().resolve(state.linesName());
    Path partial = state.dir().resolve(state.linesName() + ".tmp");
    try {
      Files.createDirectories(state.dir());
      try (OutputStream to = Files.newOutputStream(partial)) {
        for (Map.Entry<String, Checkpoint> split : state.splits().splitCheckpoints().entrySet()) {
          state.splits().copyLines(split.getKey(), split.getValue().rejectFileLength(), to);
        }
      }
      Files.move(partial, gathered, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot gather the rejects: " + e.getMessage(), e);
    }
    return gathered;
  }

  /** The answers of tasks that each adapted by themselves, summed. */
  private static FlowStats sum(List<TaskResult> results) {
    long requests = results.stream().mapToLong(TaskResult::requests).sum();
    long overloaded = results.stream().mapToLong(TaskResult::overloaded).sum();
    long struggling = results.stream().mapToLong(TaskResult::struggling).sum();
    return new FlowStats(
        requests, overloaded, struggling, -1, -1, 0, -1, "per task", -1, null, false, 0, 0);
  }
}
