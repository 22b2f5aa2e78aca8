package io.sluice.proxy;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.response.Error;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.metrics.MetricNames;
import io.sluice.metrics.MetricsEndpoint;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the proxy counts, under names that say what they count, for a Prometheus scrape: requests by
 * kind and cluster, their latency per cluster and end to end, errors by kind and cluster, requests
 * in flight, prepared statements remembered and statements prepared again. Labels never hold a
 * statement's text or values.
 */
final class ProxyMetrics implements AutoCloseable {

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger connections = new AtomicInteger();

  private final Map<String, LongAdder> requestsByKind = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> answersByOutcome = new ConcurrentHashMap<>();
  private final Recorder latencies = new Recorder(2);
  private final AtomicReference<ClusterRole> serving = new AtomicReference<>();

  /** Timers and counters by their labels: built once each, not for every request. */
  private final Map<List<String>, Timer> timers = new ConcurrentHashMap<>();

  private final Map<List<String>, Counter> counters = new ConcurrentHashMap<>();

  /** Labels by opcode and by error code, lower-cased once. */
  private static final Map<Integer, String> LABELS = new ConcurrentHashMap<>();

  private MetricsEndpoint endpoint;

  ProxyMetrics(Supplier<Number> preparedStatements) {
    Gauge.builder("sluice_proxy_in_flight_requests", inFlight, AtomicInteger::get)
        .description("Client requests the proxy is working on")
        .register(registry);
    Gauge.builder("sluice_proxy_client_connections", connections, AtomicInteger::get)
        .description("Open client connections")
        .register(registry);
    Gauge.builder("sluice_proxy_prepared_statements", preparedStatements)
        .description("Prepared statements the proxy remembers")
        .register(registry);
  }

  /** A client request begins; the returned sample ends it. */
  Timer.Sample clientRequestStarted() {
    inFlight.incrementAndGet();
    return Timer.start(registry);
  }

  /** A client request ended, answered with {@code outcome} ({@code ok} or an error's kind). */
  void clientRequestEnded(Timer.Sample sample, String kind, Message answer) {
    inFlight.decrementAndGet();
    String outcome = outcomeOf(answer);
    requestsByKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
    answersByOutcome.computeIfAbsent(outcome, o -> new LongAdder()).increment();
    long nanos =
        sample.stop(
            timers.computeIfAbsent(
                List.of(kind, outcome),
                ignored ->
                    Timer.builder("sluice_proxy_client_requests")
                        .description("Client requests, end to end through the proxy")
                        .tag("kind", kind)
                        .tag("outcome", outcome)
                        .publishPercentileHistogram()
                        .register(registry)));
    latencies.recordValue(Math.max(0, nanos));
  }

  /** Client requests answered so far, by kind. */
  Map<String, Long> requestsByKind() {
    Map<String, Long> counts = new TreeMap<>();
    requestsByKind.forEach((kind, count) -> counts.put(kind, count.sum()));
    return counts;
  }

  /** Client requests answered so far with {@code outcome} ({@code ok}, or an error's kind). */
  long answered(String outcome) {
    LongAdder count = answersByOutcome.get(outcome);
    return count == null ? 0 : count.sum();
  }

  /** Client requests answered so far with an error. */
  long answeredWithErrors() {
    long errors = 0;
    for (Map.Entry<String, LongAdder> entry : answersByOutcome.entrySet()) {
      if (!entry.getKey().equals("ok")) {
        errors += entry.getValue().sum();
      }
    }
    return errors;
  }

  /** Client requests in flight now. */
  int inFlight() {
    return inFlight.get();
  }

  /** Latencies of client requests since the last call; for the timeline, its only caller. */
  Histogram takeLatencies() {
    return latencies.getIntervalHistogram();
  }

  /** The label of an answer: {@code ok}, or the error's kind, such as {@code write_timeout}. */
  static String outcomeOf(Message answer) {
    return answer instanceof Error error
        ? LABELS.computeIfAbsent(
            error.code, code -> ProtocolNames.errorCode(code).toLowerCase(Locale.ROOT))
        : "ok";
  }

  /** The label of a request: {@code query}, {@code execute}, {@code batch}, {@code prepare}. */
  static String requestOf(Message request) {
    // Opcodes are below 0x20, error codes far above: one map holds both.
    return LABELS.computeIfAbsent(
        request.opcode, code -> ProtocolNames.opcode(code).toLowerCase(Locale.ROOT));
  }

  /**
   * A request to one cluster took {@code nanos} and got {@code outcome}: {@code ok}, an error's
   * kind, or {@code no_answer} when no node answered.
   */
  void clusterRequest(ClusterRole cluster, String request, String outcome, long nanos) {
    timers
        .computeIfAbsent(
            List.of(cluster.label(), request, outcome),
            ignored ->
                Timer.builder(MetricNames.CLUSTER_REQUESTS)
                    .description("Requests sent to a cluster, by how they were answered")
                    .tag(MetricNames.CLUSTER, cluster.label())
                    .tag(MetricNames.REQUEST, request)
                    .tag(MetricNames.OUTCOME, outcome)
                    .publishPercentileHistogram()
                    .register(registry))
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  /**
   * A read drawn for a shadow compare: {@code compared}, or why not ({@code skipped_paged}, {@code
   * skipped_no_key}, {@code skipped_unprepared}, {@code secondary_error}...).
   */
  void shadowRead(String table, String outcome) {
    counter(
            "sluice_proxy_shadow_reads",
            "Reads also sent to the secondary to compare, by table and outcome",
            "table",
            table,
            "outcome",
            outcome)
        .increment();
  }

  /**
   * A row of a shadow compare: {@code equal}, {@code different}, {@code missing_on_secondary} or
   * {@code extra_on_secondary}.
   */
  void shadowRow(String table, String result) {
    counter(
            "sluice_proxy_shadow_rows",
            "Rows of shadow reads compared, by table and result",
            "table",
            table,
            "result",
            result)
        .increment();
  }

  /** Rows compared by shadow reads so far, by table, then by result. */
  Map<String, Map<String, Long>> shadowRows() {
    Map<String, Map<String, Long>> rows = new TreeMap<>();
    for (Counter counter : registry.find("sluice_proxy_shadow_rows").counters()) {
      rows.computeIfAbsent(counter.getId().getTag("table"), t -> new TreeMap<>())
          .put(counter.getId().getTag("result"), (long) counter.count());
    }
    return rows;
  }

  /**
   * A write the cluster that does not serve reads could not take now: {@code logged} in the replay
   * log, or {@code lost} because the log was full or could not be written.
   */
  void missedWrite(ClusterRole cluster, String result) {
    counter(
            "sluice_proxy_missed_writes",
            "Writes a cluster could not take, kept in the replay log or lost",
            "cluster",
            cluster.label(),
            "result",
            result)
        .increment();
  }

  /**
   * A write of the replay log: {@code ok} (sent again and taken, in effect already, or applied by
   * its first send after all), {@code refused} and skipped, or {@code uncertain} (not sent again,
   * as it may have been applied and a second application would add again).
   */
  void replayed(ClusterRole cluster, String outcome) {
    replayed(cluster.label(), outcome);
  }

  /** A record of the replay log that could not be read, for no cluster known: skipped. */
  void unreadableReplayRefused() {
    replayed("unknown", "refused");
  }

  private void replayed(String cluster, String outcome) {
    counter(
            "sluice_proxy_replayed_writes",
            "Writes of the replay log sent again, by how the cluster took them",
            "cluster",
            cluster,
            "outcome",
            outcome)
        .increment();
  }

  /** The count so far of a counter this class keeps, by its name and labels. */
  long count(String name, String... labels) {
    Counter counter = counters.get(counterKey(name, labels));
    return counter == null ? 0 : (long) counter.count();
  }

  /** Exports the replay log's backlog. */
  void replayBacklog(ReplayLog log) {
    Gauge.builder("sluice_proxy_replay_backlog_writes", log, ReplayLog::backlogWrites)
        .description("Writes the replay log holds that the other cluster has not had yet")
        .register(registry);
    Gauge.builder("sluice_proxy_replay_backlog_bytes", log, ReplayLog::backlogBytes)
        .description("Bytes of the replay log not replayed yet")
        .register(registry);
  }

  private Counter counter(String name, String description, String... labels) {
    return counters.computeIfAbsent(
        counterKey(name, labels),
        key -> {
          Counter.Builder builder = Counter.builder(name).description(description);
          for (int i = 0; i + 1 < labels.length; i += 2) {
            builder.tag(labels[i], labels[i + 1]);
          }
          return builder.register(registry);
        });
  }

  private static List<String> counterKey(String name, String... labels) {
    List<String> key = new java.util.ArrayList<>(labels.length + 1);
    key.add(name);
    key.addAll(List.of(labels));
    return key;
  }

  /** Which cluster serves reads from now on: 1 for it, 0 for the other, and one more switch. */
  void servingCluster(ClusterRole cluster) {
    boolean first = serving.get() == null;
    serving.set(cluster);
    for (ClusterRole each : ClusterRole.values()) {
      Gauge.builder("sluice_proxy_serving_reads", serving, current -> each == current.get() ? 1 : 0)
          .description("1 for the cluster that serves reads now")
          .tag("cluster", each.label())
          .register(registry);
    }
    if (!first) {
      Counter.builder("sluice_proxy_switches")
          .description("Times the cluster that serves reads was switched")
          .register(registry)
          .increment();
    }
  }

  /** A node of the cluster had forgotten a statement and got it prepared again. */
  void preparedAgain(ClusterRole cluster) {
    Counter.builder("sluice_proxy_prepared_again")
        .description("Statements prepared again on a node that had forgotten them")
        .tag("cluster", cluster.label())
        .register(registry)
        .increment();
  }

  void connectionOpened() {
    connections.incrementAndGet();
  }

  void connectionClosed() {
    connections.decrementAndGet();
  }

  /** The metrics in Prometheus's text format. */
  String scrape() {
    return registry.scrape();
  }

  /**
   * Serves {@code /metrics} on the address.
   *
   * @throws IllegalArgumentException when the address cannot be listened on
   */
  void serve(InetSocketAddress address) {
    endpoint = MetricsEndpoint.serve(registry, address);
  }

  /** Where metrics are served, or null when they are not. */
  InetSocketAddress address() {
    return endpoint == null ? null : endpoint.address();
  }

  @Override
  public void close() {
    if (endpoint != null) {
      endpoint.close();
    }
    registry.close();
  }
}
