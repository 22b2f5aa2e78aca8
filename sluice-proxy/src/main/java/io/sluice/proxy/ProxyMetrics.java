package io.sluice.proxy;

import com.datastax.oss.driver.internal.core.util.ProtocolUtils;
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
  private final AtomicReference<String> serving = new AtomicReference<>();

  /** Timers by their labels: built once each, not for every request. */
  private final Map<List<String>, Timer> timers = new ConcurrentHashMap<>();

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
            error.code, code -> ProtocolUtils.errorCodeString(code).toLowerCase(Locale.ROOT))
        : "ok";
  }

  /** The label of a request: {@code query}, {@code execute}, {@code batch}, {@code prepare}. */
  static String requestOf(Message request) {
    // Opcodes are below 0x20, error codes far above: one map holds both.
    return LABELS.computeIfAbsent(
        request.opcode, code -> ProtocolUtils.opcodeString(code).toLowerCase(Locale.ROOT));
  }

  /**
   * A request to one cluster took {@code nanos} and got {@code outcome}: {@code ok}, an error's
   * kind, or {@code no_answer} when no node answered.
   */
  void clusterRequest(String cluster, String request, String outcome, long nanos) {
    timers
        .computeIfAbsent(
            List.of(cluster, request, outcome),
            ignored ->
                Timer.builder(MetricNames.CLUSTER_REQUESTS)
                    .description("Requests sent to a cluster, by how they were answered")
                    .tag(MetricNames.CLUSTER, cluster)
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
    Counter.builder("sluice_proxy_shadow_reads")
        .description("Reads also sent to the secondary to compare, by table and outcome")
        .tag("table", table)
        .tag("outcome", outcome)
        .register(registry)
        .increment();
  }

  /**
   * A row of a shadow compare: {@code equal}, {@code different}, {@code missing_on_secondary} or
   * {@code extra_on_secondary}.
   */
  void shadowRow(String table, String result) {
    Counter.builder("sluice_proxy_shadow_rows")
        .description("Rows of shadow reads compared, by table and result")
        .tag("table", table)
        .tag("result", result)
        .register(registry)
        .increment();
  }

  /** Which cluster serves reads from now on: 1 for it, 0 for the other, and one more switch. */
  void servingCluster(String cluster) {
    boolean first = serving.get() == null;
    serving.set(cluster);
    for (String each : List.of("primary", "secondary")) {
      Gauge.builder(
              "sluice_proxy_serving_reads", serving, current -> each.equals(current.get()) ? 1 : 0)
          .description("1 for the cluster that serves reads now")
          .tag("cluster", each)
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
  void preparedAgain(String cluster) {
    Counter.builder("sluice_proxy_prepared_again")
        .description("Statements prepared again on a node that had forgotten them")
        .tag("cluster", cluster)
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
