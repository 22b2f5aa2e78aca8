package io.sluice.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowStats;
import io.sluice.core.flow.NanoClock;
import io.sluice.core.flow.SharedFlow;
import io.sluice.core.job.FlowSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.UUID;
import java.util.concurrent.Executors;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job's one flow budget, on the driver: every task reports its answers here ten times a second
 * over HTTP, with what it committed, and is granted its share of the job's adaptive rate, window
 * and limits, and whether to pause for the target's compaction backlog, which the driver alone
 * reads ({@link SharedFlow}). Requests must carry the run's token, which is never logged.
 */
final class BudgetCoordinator implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BudgetCoordinator.class);
  static final String PATH = "/sluice/budget";
  static final String TOKEN_HEADER = "Sluice-Budget-Token";
  static final ObjectMapper JSON = new ObjectMapper();

  private final SharedFlow budget;
  private final TaskTally tally;
  private final Histogram latencies = new Histogram(2);
  private final HttpServer server;
  private final String advertisedHost;
  private final String token = UUID.randomUUID().toString();

  private BudgetCoordinator(
      SharedFlow budget, TaskTally tally, HttpServer server, String advertisedHost) {
    this.budget = budget;
    this.tally = tally;
    this.server = server;
    this.advertisedHost = advertisedHost;
  }

  /**
   * Serves the job's budget on {@code bindAddress} and {@code port} (0: a free one), where the
   * executors reach it as {@code host}, watching the target's compaction backlog through {@code
   * probe} for every task (the caller closes the probe) and adding up the tasks' progress in {@code
   * tally}.
   */
  static BudgetCoordinator start(
      String bindAddress, int port, String host, FlowSpec flow, BacklogProbe probe, TaskTally tally)
      throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(bindAddress, port), 64);
    BudgetCoordinator coordinator =
        new BudgetCoordinator(new SharedFlow(flow, probe, NanoClock.SYSTEM), tally, server, host);
    server.createContext(PATH, coordinator::handle);
    server.setExecutor(
        Executors.newFixedThreadPool(
            2,
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-budget");
              thread.setDaemon(true);
              return thread;
            }));
    server.start();
    LOG.info("The job's flow budget is served on {}", coordinator.url());
    return coordinator;
  }

  String url() {
    return "http://" + advertisedHost + ":" + server.getAddress().getPort() + PATH;
  }

  String token() {
    return token;
  }

  FlowStats stats() {
    return budget.stats();
  }

  /** What the tasks reported they committed. */
  TaskTally tally() {
    return tally;
  }

  /** The latencies the tasks reported since the last call, for the run's timeline. */
  Histogram takeLatencies() {
    synchronized (latencies) {
      Histogram taken = latencies.copy();
      latencies.reset();
      return taken;
    }
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod())
          || !token.equals(exchange.getRequestHeaders().getFirst(TOKEN_HEADER))) {
        exchange.sendResponseHeaders(403, -1);
        return;
      }
      BudgetMessages.Report report;
      try (InputStream body = exchange.getRequestBody()) {
        report = JSON.readValue(body, BudgetMessages.Report.class);
      }
      SharedFlow.Grant grant = budget.report(report.member(), report.outcomes());
      synchronized (latencies) {
        latencies.add(report.latencyHistogram());
      }
      String stop =
          tally.report(
              report.member(), report.committed(), report.workCommitted(), report.leaving());
      if (report.leaving()) {
        budget.leave(report.member());
      }
      byte[] answer = JSON.writeValueAsBytes(BudgetMessages.Granted.of(grant, stop));
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, answer.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(answer);
      }
    } catch (RuntimeException e) {
      LOG.warn("A budget report could not be read: {}", e.getMessage());
    }
  }

  @Override
  public void close() {
    server.stop(0);
    budget.close();
  }
}
