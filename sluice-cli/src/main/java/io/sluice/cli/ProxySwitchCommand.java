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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice proxy switch --primary secondary proxy.yaml}: asks a running proxy, through its
 * admin endpoint, to serve reads from the other cluster; writes keep going to both.
 */
@Command(
    name = "switch",
    description =
        "Switch which cluster a running proxy serves reads from (cutover, or back), without a"
            + " restart; writes keep going to both.")
final class ProxySwitchCommand implements Callable<Integer> {

  @Option(
      names = "--primary",
      required = true,
      paramLabel = "CLUSTER",
      description =
          "The cluster to serve reads from: 'secondary' or 'primary', as proxy.yaml names them.")
  String cluster;

  @Parameters(index = "0", paramLabel = "PROXY.yaml", description = "The running proxy's settings.")
  Path configFile;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws InterruptedException {
    if (!cluster.equals("primary") && !cluster.equals("secondary")) {
      throw new ParameterException(
          spec.commandLine(),
          "--primary takes 'primary' or 'secondary' (as proxy.yaml names the clusters), not '"
              + cluster
              + "'.");
    }
    ProxyConfig config = ProxyConfig.load(configFile);
    AdminSpec admin = config.admin();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (admin == null) {
      err.println(
          "Error: "
              + configFile
              + " has no 'admin:' section, so the running proxy takes no switch;"
              + " add one (listen and token) and restart the proxy once.");
      return ExitCodes.ABORTED;
    }
    String token =
        Secrets.read(
            "admin.token",
            admin.tokenEnv(),
            admin.tokenFile(),
            configFile.toAbsolutePath().getParent(),
            System.getenv());
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create("http://" + admin.listen() + "/serve-reads?cluster=" + cluster))
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.noBody())
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
      return ExitCodes.ABORTED;
    }
    switch (response.statusCode()) {
      case 200 -> {
        boolean changed = response.body().contains("\"changed\":true");
        out.println(
            changed
                ? "Reads now go to the " + cluster + " cluster; writes still go to both."
                : "Reads already go to the " + cluster + " cluster; nothing changed.");
        return ExitCodes.OK;
      }
      case 401 -> {
        err.println(
            "Error: the proxy refused the admin token: check admin.token-env or admin.token-file.");
        return ExitCodes.ABORTED;
      }
      default -> {
        err.println("Error: the proxy answered " + response.statusCode() + ": " + response.body());
        return ExitCodes.ABORTED;
      }
    }
  }
}
