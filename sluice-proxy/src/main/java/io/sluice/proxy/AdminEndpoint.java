package io.sluice.proxy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The proxy's admin endpoint, on the loopback address: {@code GET /status} says which cluster
 * serves reads, how each cluster is, the replay log's backlog and the shadow reads' results; {@code
 * POST /serve-reads?cluster=secondary} switches them there. Every request shows the token ({@code
 * Authorization: Bearer TOKEN}), compared in constant time; the token is never logged or echoed.
 */
final class AdminEndpoint implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final byte[] token;
  private final Switchboard switchboard;
  private final ProxyStatus status;

  private AdminEndpoint(
      HttpServer server, String token, Switchboard switchboard, ProxyStatus status) {
    this.server = server;
    this.token = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    this.switchboard = switchboard;
    this.status = status;
  }

  /**
   * Starts serving.
   *
   * @throws IllegalArgumentException when the address cannot be listened on
   */
  static AdminEndpoint serve(
      InetSocketAddress address, String token, Switchboard switchboard, ProxyStatus status) {
    HttpServer server;
    try {
      server = HttpServer.create(address, 0);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot serve the admin endpoint on " + address + ": " + e.getMessage(), e);
    }
    AdminEndpoint endpoint = new AdminEndpoint(server, token, switchboard, status);
    server.createContext("/status", endpoint::status);
    server.createContext("/serve-reads", endpoint::serveReads);
    server.start();
    return endpoint;
  }

  InetSocketAddress address() {
    return server.getAddress();
  }

  private void status(HttpExchange exchange) throws IOException {
    if (authorized(exchange)) {
      answer(exchange, 200, status.now(JSON));
    }
  }

  private void serveReads(HttpExchange exchange) throws IOException {
    if (!authorized(exchange)) {
      return;
    }
    if (!exchange.getRequestMethod().equals("POST")) {
      answer(
          exchange,
          405,
          JSON.createObjectNode().put("error", "POST /serve-reads?cluster=primary|secondary"));
      return;
    }
    String cluster = query(exchange.getRequestURI(), "cluster");
    try {
      boolean changed =
          switchboard.serveReadsFrom(ClusterRole.ofLabel(cluster == null ? "" : cluster));
      answer(
          exchange,
          200,
          JSON.createObjectNode()
              .put("serving-reads", switchboard.serving().label())
              .put("changed", changed));
    } catch (IllegalArgumentException e) {
      answer(exchange, 400, JSON.createObjectNode().put("error", e.getMessage()));
    } catch (IllegalStateException e) {
      answer(exchange, 409, JSON.createObjectNode().put("error", e.getMessage()));
    }
  }

  private boolean authorized(HttpExchange exchange) throws IOException {
    String shown = exchange.getRequestHeaders().getFirst("Authorization");
    if (shown != null && MessageDigest.isEqual(shown.getBytes(StandardCharsets.UTF_8), token)) {
      return true;
    }
    answer(
        exchange, 401, JSON.createObjectNode().put("error", "the admin token is missing or wrong"));
    return false;
  }

  private static String query(URI uri, String name) {
    String query = uri.getRawQuery();
    if (query == null) {
      return null;
    }
    for (String pair : query.split("&")) {
      int equals = pair.indexOf('=');
      if (equals > 0 && pair.substring(0, equals).equals(name)) {
        return pair.substring(equals + 1);
      }
    }
    return null;
  }

  private static void answer(HttpExchange exchange, int status, ObjectNode json)
      throws IOException {
    byte[] body = JSON.writeValueAsBytes(json);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
