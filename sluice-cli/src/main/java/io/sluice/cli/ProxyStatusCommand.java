package io.sluice.cli;

import io.sluice.flags.ExitCodes;
import java.io.PrintWriter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice proxy status proxy.yaml}: what a running proxy is doing, asked through its admin
 * endpoint: the cluster that serves reads, each cluster's nodes, the replay log's backlog, and the
 * shadow reads' mismatch rate per table.
 */
@Command(
    name = "status",
    description =
        "Show a running proxy's state: which cluster serves reads, the nodes up in each, the writes"
            + " waiting in the replay log, and the shadow reads' mismatch rate per table.")
final class ProxyStatusCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "PROXY.yaml", description = "The running proxy's settings.")
  Path configFile;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ProxyAdminClient admin = ProxyAdminClient.of(configFile, err);
    HttpResponse<String> response = admin == null ? null : admin.send("GET", "/status");
    if (response == null) {
      return ExitCodes.ABORTED;
    }
    if (response.statusCode() != 200) {
      err.println("Error: " + ProxyStatusText.errorOf(response));
      return ExitCodes.ABORTED;
    }
    out.print(ProxyStatusText.of(response.body()));
    return ExitCodes.OK;
  }
}
