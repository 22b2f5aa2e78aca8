package io.sluice.cli;

import io.sluice.flags.ExitCodes;
import io.sluice.proxy.ProxyConfig;
import io.sluice.proxy.SluiceProxy;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice proxy proxy.yaml}: runs the dual-write proxy until Ctrl-C or SIGTERM, which close
 * its client connections and its sessions to both clusters.
 */
@Command(
    name = "proxy",
    subcommands = {ProxySwitchCommand.class, ProxyStatusCommand.class},
    description =
        "Run the dual-write CQL proxy: clients connect to it unchanged; reads go to the primary"
            + " cluster, writes to both with one write timestamp.")
final class ProxyCommand implements Callable<Integer> {

  // Optional for picocli, so that 'sluice proxy switch ...' is not asked for it; required below.
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "PROXY.yaml",
      description = "The proxy's settings.")
  Path configFile;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws InterruptedException {
    if (configFile == null) {
      throw new ParameterException(spec.commandLine(), "Missing required parameter: 'PROXY.yaml'");
    }
    ProxyConfig config = ProxyConfig.load(configFile);
    PrintWriter out = spec.commandLine().getOut();
    SluiceProxy proxy = SluiceProxy.start(config, configFile.toAbsolutePath().getParent());
    Runtime.getRuntime().addShutdownHook(new Thread(proxy::close, "sluice-proxy-stop"));
    out.println(
        "Sluice proxy listens on "
            + proxy.address().getHostString()
            + ":"
            + proxy.address().getPort()
            + " (primary "
            + String.join(", ", config.primary().contactPoints())
            + ", secondary "
            + String.join(", ", config.secondary().contactPoints())
            + "); Ctrl-C stops it.");
    out.flush();
    proxy.awaitClose();
    return ExitCodes.OK;
  }
}
