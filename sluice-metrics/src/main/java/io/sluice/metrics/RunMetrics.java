package io.sluice.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.core.count.Count;
import io.sluice.core.flow.AnswerObserver;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.WorkflowKind;
import java.net.InetSocketAddress;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * A running job's meters for a Prometheus scrape: every count its kind of run reports ({@link
 * Count}, one counter each, named as its report names it), the share of work done, how flow control
 * holds the load (window, held rate, compaction backlog and pauses), and the latency of the
 * target's answers by outcome. All tagged with the job's name; none carries a row's values or a
 * setting's secret.
 */
public final class RunMetrics implements AutoCloseable {

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Map<AnswerObserver.Answer, Timer> answers =
      new EnumMap<>(AnswerObserver.Answer.class);
  private MetricsEndpoint endpoint;

  /**
   * Meters of {@code run}, named as its kind of run names its counts (a validation's {@code
   * sluice_rows_checked}, never {@code sluice_rows_written}) and its requests ({@code write}, or
   * {@code read} for a validation).
   */
  public RunMetrics(JobRun run, String jobName) {
    registry.config().commonTags(MetricNames.JOB, jobName);
    WorkflowKind kind = run.workflow().kind();
    for (Count count : Count.values()) {
      String name = kind.countName(count);
      if (name != null) {
        FunctionCounter.builder(MetricNames.count(name), run, r -> r.progress().get(count))
            .description("This run's " + name + " so far")
            .register(registry);
      }
    }
    Gauge.builder(
            MetricNames.WORK_DONE, run, r -> r.workDone() / (double) Math.max(1, r.totalWork()))
        .description("Share of the job's work done, earlier runs included")
        .register(registry);
    flowGauge(run, MetricNames.WINDOW, "Requests allowed in flight now", FlowStats::window);
    flowGauge(
        run,
        MetricNames.HELD_RATE,
        "Requests per second the adaptive rate allows, or -1 while it holds none",
        FlowStats::rateLimit);
    flowGauge(
        run,
        MetricNames.COMPACTION_BACKLOG,
        "Compaction tasks outstanding on the busiest node, or -1 when unknown",
        FlowStats::backlogTasks);
    flowGauge(
        run,
        MetricNames.COMPACTION_PAUSED,
        "1 while the load is paused for compaction",
        flow -> flow.pausedForCompaction() ? 1 : 0);
    flowGauge(
        run,
        MetricNames.COMPACTION_PAUSES,
        "Times the load paused for compaction in this run",
        FlowStats::compactionPauses);
    for (AnswerObserver.Answer answer : AnswerObserver.Answer.values()) {
      answers.put(
          answer,
          Timer.builder(MetricNames.CLUSTER_REQUESTS)
              .description("Requests sent to a cluster, by how they were answered")
              .tag(MetricNames.CLUSTER, "target")
              .tag(MetricNames.REQUEST, kind.requests())
              .tag(MetricNames.OUTCOME, answer.label())
              .publishPercentileHistogram()
              .register(registry));
    }
    run.observeAnswers((answer, nanos) -> answers.get(answer).record(nanos, TimeUnit.NANOSECONDS));
  }

  private void flowGauge(
      JobRun run, String name, String description, ToDoubleFunction<FlowStats> value) {
    Gauge.builder(name, run, r -> r.flowStats().map(value::applyAsDouble).orElse(Double.NaN))
        .description(description)
        .register(registry);
  }

  /**
   * Meters of {@code run}, served on {@code address} until closed.
   *
   * @throws IllegalArgumentException when the address cannot be listened on, saying why
   */
  public static RunMetrics serve(JobRun run, String jobName, InetSocketAddress address) {
    RunMetrics metrics = new RunMetrics(run, jobName);
    try {
      metrics.endpoint = MetricsEndpoint.serve(metrics.registry, address);
      return metrics;
    } catch (RuntimeException e) {
      metrics.close();
      throw e;
    }
  }

  /** Where the meters are served, or null when they are not. */
  public InetSocketAddress address() {
    return endpoint == null ? null : endpoint.address();
  }

  /** The meters now, in Prometheus's text format. */
  public String scrape() {
    return registry.scrape();
  }

  @Override
  public void close() {
    if (endpoint != null) {
      endpoint.close();
    }
    registry.close();
  }
}
