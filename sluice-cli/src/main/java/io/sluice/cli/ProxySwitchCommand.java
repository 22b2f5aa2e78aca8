package io.sluice.cli;

import io.sluice.flags.ExitCodes;
import java.io.PrintWriter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
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
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ProxyAdminClient admin = ProxyAdminClient.of(configFile, err);
    HttpResponse<String> response =
        admin == null ? null : admin.send("POST", "/serve-reads?cluster=" + cluster);
    if (response == null) {
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
      default -> {
        err.println("Error: " + ProxyStatusText.errorOf(response));
        return ExitCodes.ABORTED;
      }
    }
  }
}
