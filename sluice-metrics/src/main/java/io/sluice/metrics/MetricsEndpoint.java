package io.sluice.metrics;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Serves a registry's meters on {@code /metrics} in Prometheus's text format, with the JDK's own
 * HTTP server: one small thread, no other dependency.
 */
public final class MetricsEndpoint implements AutoCloseable {

  private final HttpServer server;

  private MetricsEndpoint(HttpServer server) {
    this.server = server;
  }

  /**
   * Starts serving.
   *
   * @throws IllegalArgumentException when the address cannot be listened on, saying why
   */
  public static MetricsEndpoint serve(PrometheusMeterRegistry registry, InetSocketAddress address) {
    HttpServer server;
    try {
      server = HttpServer.create(address, 0);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot serve metrics on " + address + ": " + e.getMessage(), e);
    }
    server.createContext(
        "/metrics",
        exchange -> {
          byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return new MetricsEndpoint(server);
  }

  /** Where metrics are served; the port is the one bound when 0 was asked. */
  public InetSocketAddress address() {
    return server.getAddress();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
