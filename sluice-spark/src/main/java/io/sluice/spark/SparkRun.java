package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.count.Counts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.JobTables;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunDocuments;
import io.sluice.core.run.RunReport;
import io.sluice.core.run.SchemaFirst;
import io.sluice.core.run.TableReport;
import io.sluice.core.run.Workflow;
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
    JobTables tables = workflow.tables(job);
    StateLocation location = StateLocation.of(job, workflow);
    location.prepare(job);
    try (SplitStore splits = location.open(job)) {
      SharedState state = new SharedState(splits, workflow.localState(job), SplitTables.of(tables));
      if (fresh) {
        splits.clear();
      }
      Instant started = clock.instant();
      String runId = UUID.randomUUID().toString();
      List<String> refused = new ArrayList<>();
      for (JobSpec table : tables.tables().values()) {
        refused.addAll(SchemaFirst.ensure(table, workflow.kind()));
      }
      refused.forEach(note -> out.println("Warning: " + note));
      try (TableTargets targets = TableTargets.connect(workflow, tables)) {
        Planned planned;
        try (DriverPlan plan =
            DriverPlan.prepare(workflow, job, tables, targets, clock, fresh, state)) {
          JobRun run = plan.run();
          run.warnings().forEach(warning -> out.println("Warning: " + warning));
          Checkpoint earlier = run.resumes().orElse(null);
          List<SplitTask> tasks = PlannedTasks.of(args, workflow, location, splits, plan, earlier);
          describe(job, state, run, earlier, tasks.size());
          planned =
              new Planned(
                  plan.workflows(),
                  earlier,
                  tasks,
                  run.workDone(),
                  plan.tablesInRunOrder().stream().map(DriverPlan.TableSplits::table).toList(),
                  tables.several() ? notCopied(tables, refused) : List.of(),
                  run.warnings());
        }
        planned.workflows().forEach(each -> each.beforeRun(out));
        RunReport report;
        try (BacklogProbe probe = targets.first().backlogProbe(job.flow().compaction());
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
        boolean finished = report.outcome().finished();
        planned.workflows().forEach(each -> each.afterRun(finished, out));
        out.flush();
        return report;
      }
    }
  }

  /**
   * What the driver keeps of the plan once its sources are closed.
   *
   * @param workflows what the run does with each table's rows; the first's report is the run's
   * @param earlier the checkpoint the run resumes, or null
   * @param tasks one per split not done yet
   * @param workBefore the work earlier runs committed, for percent done
   * @param tables the job's tables in the order they run, for the counts of a job of several
   * @param notCopied what of the source's schema a job of several tables leaves out, a sentence
   *     each
   * @param warnings the run's warnings, which its report repeats
   */
  private record Planned(
      List<Workflow> workflows,
      Checkpoint earlier,
      List<SplitTask> tasks,
      long workBefore,
      List<String> tables,
      List<String> notCopied,
      List<String> warnings) {

    Workflow workflow() {
      return workflows.get(0);
    }

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

  private void describe(
      JobSpec job, SharedState state, JobRun plan, Checkpoint earlier, int splitsLeft) {
    if (earlier != null) {
      out.printf(
          "Resuming job %s from the checkpoints its splits saved in %s (%,d records done in %d"
              + " earlier run(s)); --fresh starts over.%n",
          job.name(), state.splits().location(), earlier.counts().recordsRead(), earlier.runs());
    }
    out.print(plan.describe(plan.targetName(), " (" + splitsLeft + " to run as Spark tasks)"));
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
              workflow.kind().validates(),
              tableReports(all, planned.tables()),
              planned.notCopied(),
              planned.warnings());
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
   * Each table's counts over all runs, in the order the tables ran, for a job of several tables;
   * none for a job of one.
   */
  private static List<TableReport> tableReports(Checkpoint all, List<String> tables) {
    List<TableReport> reports = new ArrayList<>();
    if (all != null && !all.tables().isEmpty()) {
      for (String table : tables) {
        reports.add(new TableReport(table, all.tables().getOrDefault(table, Counts.ZERO)));
      }
    }
    return reports;
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

  /** What a job of several tables leaves out: the tables not copied, the indexes not created. */
  private static List<String> notCopied(JobTables tables, List<String> refused) {
    List<String> notCopied = new ArrayList<>(tables.notCopied().values());
    notCopied.addAll(refused);
    return notCopied;
  }
}
