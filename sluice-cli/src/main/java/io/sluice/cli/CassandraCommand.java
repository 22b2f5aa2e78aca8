package io.sluice.cli;

import io.sluice.flags.ExitCodes;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import io.sluice.node.NodePorts;
import io.sluice.node.NodeStatus;
import io.sluice.node.StartResult;
import io.sluice.node.StopResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sluice cassandra start|stop|status}: a real single-node Cassandra for trying things. */
@Command(
    name = "cassandra",
    description = "Run a local single-node Apache Cassandra on 127.0.0.1 (data under .sluice/).",
    subcommands = {
      CassandraCommand.Start.class,
      CassandraCommand.Stop.class,
      CassandraCommand.Status.class
    })
final class CassandraCommand {

  @Option(
      names = "--folder",
      scope = picocli.CommandLine.ScopeType.INHERIT,
      description = "The node's folder (default: .sluice/cassandra).")
  Path folder;

  LocalNode node() {
    return new LocalNode(folder != null ? folder : SluiceHome.nodeFolder());
  }

  /** Starts the node, or joins it if it already runs; returns once CQL answers. */
  @Command(name = "start", description = "Start the node (or reuse it); wait until CQL answers.")
  static final class Start implements Callable<Integer> {

    @picocli.CommandLine.ParentCommand CassandraCommand parent;

    @Spec CommandSpec spec;

    @Mixin NodePortOptions ports;

    @Option(names = "--heap", paramLabel = "MB", description = "Heap size (default 1024 MB).")
    Integer heapMb;

    @Option(names = "--java-home", description = "Java 11 or 17 to run Cassandra with.")
    Path javaHome;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      LocalNode node = parent.node();
      out.println("Starting Cassandra in " + node.folder() + " ...");
      out.flush();
      StartResult started = node.start(options());
      out.println(
          (started.alreadyRunning() ? "Cassandra was already running: " : "Cassandra is up: ")
              + describe(started.status())
              + ", version "
              + started.releaseVersion()
              + String.format(" (%.1f s)", started.elapsed().toMillis() / 1000.0));
      out.flush();
      return ExitCodes.OK;
    }

    NodeOptions options() {
      NodeOptions.Builder builder = ports.applyTo(NodeOptions.builder());
      if (heapMb != null) {
        builder.heapMb(heapMb);
      }
      if (javaHome != null) {
        builder.javaHome(javaHome);
      }
      return builder.build();
    }
  }

  /** Stops the node this folder's Cassandra runs as, and only that process. */
  @Command(name = "stop", description = "Stop the node started from this folder.")
  static final class Stop implements Callable<Integer> {

    @picocli.CommandLine.ParentCommand CassandraCommand parent;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      StopResult result = parent.node().stop();
      out.println(
          switch (result) {
            case STOPPED -> "Cassandra stopped.";
            case KILLED -> "Cassandra did not stop in time and was killed.";
            case WAS_NOT_RUNNING -> "Cassandra was not running.";
          });
      out.flush();
      return ExitCodes.OK;
    }
  }

  /** Says whether the node runs, and where. */
  @Command(name = "status", description = "Say whether the node runs, its ports and its logs.")
  static final class Status implements Callable<Integer> {

    @picocli.CommandLine.ParentCommand CassandraCommand parent;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      NodeStatus status = parent.node().status();
      if (!status.initialized()) {
        out.println("No node in " + status.folder() + " yet; 'sluice cassandra start' makes one.");
      } else {
        out.println((status.running() ? "Running: " : "Stopped: ") + describe(status));
        out.println("Data and logs: " + status.folder());
        out.println("Log: " + status.systemLog());
      }
      out.flush();
      return ExitCodes.OK;
    }
  }

  static String describe(NodeStatus status) {
    StringBuilder text = new StringBuilder();
    status.contactPoint().ifPresent(cp -> text.append("CQL on 127.0.0.1:").append(cp.getPort()));
    status.pid().ifPresent(pid -> text.append(", pid ").append(pid));
    status.ports().map(NodePorts::jmxPort).ifPresent(p -> text.append(", JMX ").append(p));
    return text.toString();
  }
}
