package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Counts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.PlannedSource;
import io.sluice.core.run.RunDocuments;
import io.sluice.core.run.RunReport;
import io.sluice.core.run.SchemaFirst;
import io.sluice.core.run.Workflow;
import io.sluice.core.sink.Target;
import io.sluice.core.source.ContentDigest;
import io.sluice.core.source.Source;
import io.sluice.core.source.Sources;
import io.sluice.core.source.Split;
import io.sluice.core.state.LineStore;
import io.sluice.core.timeline.TimelineRecorder;
import io.sluice.core.timeline.TimelineSample;
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

  SparkRun(JavaSparkContext spark, SparkWorkflow workflow, PrintWriter out) {
    this.spark = spark;
    this.workflow = workflow;
    this.out = out;
  }

  /**
   * Runs the job and prints its summary.
   *
   * @param sharedBudget whether the tasks share the job's one flow budget (the default); otherwise
   *     each task adapts by itself, as other Spark tools do, which the benchmark compares
   */
  RunReport run(JobArgs args, boolean fresh, boolean sharedBudget) {
    JobSpec job = args.load();
    StateLocation location = StateLocation.of(job, workflow);
    location.prepare(job);
    try (SplitStore splits = location.open(job)) {
      SharedState state = new SharedState(splits, workflow.localState(job));
      if (fresh) {
        splits.clear();
      }
      Instant started = clock.instant();
      String runId = UUID.randomUUID().toString();
      SchemaFirst.ensure(job, workflow.kind());
      try (Target target = workflow.connectTarget(job)) {
        Planned planned;
        try (JobRun plan = workflow.prepare(job, target, sources(job), clock, fresh, state)) {
          plan.warnings().forEach(warning -> out.println("Warning: " + warning));
          Checkpoint earlier = plan.resumes().orElse(null);
          List<SplitTask> tasks = tasks(args, job, location, splits, plan, earlier);
          describe(job, state, target, plan, earlier, tasks.size());
          planned = new Planned(plan.workflow(), earlier, tasks, plan.workDone());
        }
        planned.workflow().beforeRun(out);
        RunReport report;
        try (BacklogProbe probe = target.backlogProbe(job.flow().compaction());
            BudgetCoordinator budget =
                sharedBudget ? startBudget(job, probe, planned.countsBefore()) : null;
            TimelineRecorder timeline = startTimeline(state, budget, planned)) {
          List<SplitTask> sent =
              budget == null
                  ? planned.tasks()
                  : planned.tasks().stream().map(task -> task.withBudget(budget)).toList();
          List<TaskResult> results = runTasks(job, runId, sent);
          FlowStats flow = budget == null ? sum(results) : budget.stats();
          if (timeline != null) {
            timeline.close();
          }
          report = report(job, state, started, planned, results, flow, timeline);
        }
        out.print(RunDocuments.summary(planned.workflow(), report, state));
        out.flush();
        planned.workflow().afterRun(report.outcome().finished(), out);
        out.flush();
        return report;
      }
    }
  }

  /**
   * What the driver keeps of the plan once its sources are closed.
   *
   * @param workflow what the run does with its rows, for its report
   * @param earlier the checkpoint the run resumes, or null
   * @param tasks one per split not done yet
   * @param workBefore the work earlier runs committed, for percent done
   */
  private record Planned(
      Workflow workflow, Checkpoint earlier, List<SplitTask> tasks, long workBefore) {

    int runs() {
      return earlier == null ? 1 : earlier.runs() + 1;
    }

    Counts countsBefore() {
      return earlier == null ? Counts.ZERO : earlier.counts();
    }
  }

  /**
   * Samples the run once a second on the driver, from what the tasks report with their share of the
   * budget; none when each task adapts by itself and reports nothing.
   */
  private TimelineRecorder startTimeline(
      SharedState state, BudgetCoordinator budget, Planned planned) {
    if (budget == null) {
      return null;
    }
    return TimelineRecorder.start(
        state,
        clock,
        (at, seconds) ->
            TimelineSample.of(
                at,
                planned.runs(),
                seconds,
                budget.tally().thisRun(),
                budget.stats(),
                budget.takeLatencies(),
                planned.workBefore() + budget.tally().workThisRun(),
                workflow.kind().validates()),
        planned.earlier() != null);
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
    TaskTally tally = new TaskTally(job.maxErrors(), earlier);
    try {
      return BudgetCoordinator.start(bindAddress, port, host, job.flow(), probe, tally);
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
    if (earlier != null) {
      out.printf(
          "Resuming job %s from the checkpoints its splits saved in %s (%,d records done in %d"
              + " earlier run(s)); --fresh starts over.%n",
          job.name(), state.splits().location(), earlier.counts().recordsRead(), earlier.runs());
    }
    out.print(
        plan.describe(
            target.schema().qualifiedName(), " (" + splitsLeft + " to run as Spark tasks)"));
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

  /** Sums every split's saved counts into the job's report and saves its documents. */
  private RunReport report(
      JobSpec job,
      SharedState state,
      Instant started,
      Planned planned,
      List<TaskResult> results,
      FlowStats flow,
      TimelineRecorder timeline) {
    Checkpoint all = state.merged().orElse(null);
    Counts counts = all == null ? Counts.ZERO : all.counts();
    String stopReason =
        results.stream()
            .map(TaskResult::stopReason)
            .filter(reason -> reason != null)
            .findFirst()
            .orElse(null);
    long rowsThisRun = results.stream().mapToLong(r -> r.committed().rowsWritten()).sum();
    long rejects = gather(state, SplitLines.REJECTS);
    long findings = workflow.listsFindings() ? gather(state, SplitLines.FINDINGS) : 0;
    Outcome outcome =
        stopReason != null || (all != null && !all.complete())
            ? Outcome.ABORTED
            : Outcome.completed(counts);
    if (outcome == Outcome.ABORTED && stopReason == null) {
      stopReason = "some splits did not finish; run the same command again to resume them";
    }
    try (LineStore rejectLines = state.openLines(rejects);
        LineStore findingLines = state.openFindings(findings)) {
      RunReport report =
          new RunReport(
              job.name(),
              outcome,
              stopReason,
              counts,
              started,
              Duration.between(started, clock.instant()),
              rejectLines.location(),
              findingLines.location(),
              planned.runs(),
              rowsThisRun,
              flow,
              List.of(),
              workflow.kind().validates());
      return RunDocuments.save(
          job,
          planned.workflow(),
          report,
          rejectLines,
          findingLines,
          timeline == null ? List.of() : timeline.samples(),
          state);
    }
  }

  /**
   * The splits' lines of a kind in one file, split by split, as the report names it: each split's
   * lines up to its checkpoint's mark, so lines of records a killed task had not committed are left
   * out, as its split's next run would cut them. Returns the file's length.
   */
  private static long gather(SharedState state, SplitLines kind) {
    Path gathered = state.dir().resolve(kind.file);
    Path partial = state.dir().resolve(kind.file + ".tmp");
    try {
      Files.createDirectories(state.dir());
      try (OutputStream to = Files.newOutputStream(partial)) {
        for (Map.Entry<String, Checkpoint> split : state.splits().splitCheckpoints().entrySet()) {
          Checkpoint saved = split.getValue();
          long mark =
              kind == SplitLines.REJECTS ? saved.rejectFileLength() : saved.findingsFileLength();
          state.splits().copyLines(split.getKey(), kind, mark, to);
        }
      }
      Files.move(partial, gathered, StandardCopyOption.REPLACE_EXISTING);
      return Files.size(gathered);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot gather the " + kind.file + ": " + e.getMessage(), e);
    }
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
