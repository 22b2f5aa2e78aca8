package io.sluice.cli;

import io.sluice.cassandra.Secrets;
import io.sluice.proxy.AdminSpec;
import io.sluice.proxy.ProxyConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Talks to a running proxy through the admin endpoint its {@code proxy.yaml} names, with its token;
 * says in one sentence on {@code err} why it cannot, and never shows the token.
 */
final class ProxyAdminClient {

  private final AdminSpec admin;
  private final String token;
  private final PrintWriter err;

  private ProxyAdminClient(AdminSpec admin, String token, PrintWriter err) {
    this.admin = admin;
    this.token = token;
    this.err = err;
  }

  /** The client for the proxy of {@code configFile}, or null (said on {@code err}) without one. */
  static ProxyAdminClient of(Path configFile, PrintWriter err) {
    ProxyConfig config = ProxyConfig.load(configFile);
    AdminSpec admin = config.admin();
    if (admin == null) {
      err.println(
          "Error: "
              + configFile
              + " has no 'admin:' section, so the running proxy takes no admin request;"
              + " add one (listen and token) and restart the proxy once.");
      return null;
    }
    String token =
        Secrets.read(
            "admin.token",
            admin.tokenEnv(),
            admin.tokenFile(),
            configFile.toAbsolutePath().getParent(),
            System.getenv());
    return new ProxyAdminClient(admin, token, err);
  }

  /**
   * Sends {@code method path}; the answer, or null (said on {@code err}) when no proxy answers or
   * it refuses the token.
   */
  HttpResponse<String> send(String method, String path) throws InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://" + admin.listen() + path))
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(30))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build();
    HttpResponse<String> response;
    try {
      response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      err.println(
          "Error: no proxy answers on admin.listen "
              + admin.listen()
              + " ("
              + e.getMessage()
              + "): is it running with this proxy.yaml?");
      return null;
    }
    if (response.statusCode() == 401) {
      err.println(
          "Error: the proxy refused the admin token: check admin.token-env or admin.token-file.");
      return null;
    }
    return response;
  }
}
