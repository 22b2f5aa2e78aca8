package io.sluice.cli;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.sluice.cassandra.SessionFactory;
import io.sluice.cli.demo.DemoDump;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.RunReport;
import io.sluice.flags.ExitCodes;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import io.sluice.node.NodeStatus;
import io.sluice.node.StartResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sluice demo}: the main job, end to end, on the local node. Starts the node if needed,
 * writes a mongodump file of person profiles and a job file for it, creates the table, migrates
 * through the real pipeline and reads the rows back.
 */
@Command(
    name = "demo",
    subcommands = DemoOnlineCommand.class,
    description =
        "Start the local node, generate a MongoDB dump of person profiles, migrate it into"
            + " demo.people and show what arrived.")
final class DemoCommand implements Callable<Integer> {

  @Option(
      names = "--documents",
      defaultValue = "100000",
      description = "Profiles in the generated dump (default ${DEFAULT-VALUE}).")
  int documents;

  @Option(
      names = "--contact-point",
      description = "Use this node (host:port) instead of starting the local one.")
  String contactPoint;

  @Mixin NodePortOptions ports;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (contactPoint != null && ports.anyGiven()) {
      throw new ParameterException(
          spec.commandLine(),
          "The port options choose the ports of the local node the demo starts; with"
              + " --contact-point it starts none.");
    }
    PrintWriter out = spec.commandLine().getOut();
    String node = contactPoint != null ? contactPoint : startLocalNode(out);

    Path demoDir = SluiceHome.dir().resolve("demo");
    out.printf("Writing a mongodump file of %,d person profiles ...%n", documents);
    out.flush();
    Path dump = DemoDump.write(demoDir.resolve("dump"), documents);
    out.printf("  %s (%.1f MB)%n", dump, Files.size(dump) / 1e6);

    Path jobFile = demoDir.resolve("job.yaml");
    Files.writeString(jobFile, resource("job.yaml").replace("${contact-point}", node));
    out.println("Job file: " + jobFile);
    JobSpec job = JobFiles.load(jobFile);

    try (CqlSession session = SessionFactory.open(job.target().cluster(), job.baseDir())) {
      for (String statement : resource("schema.cql").split(";")) {
        if (!statement.isBlank()) {
          session.execute(SimpleStatement.newInstance(statement).setTimeout(timeout()));
        }
      }
      out.println("Table demo.people is ready.");
      out.flush();

      RunReport report = MigrateCommand.run(job, true, null, false, out);

      showWhatArrived(session, out);
      return ExitCodes.of(report.outcome());
    }
  }

  private String startLocalNode(PrintWriter out) {
    LocalNode node = new LocalNode(SluiceHome.nodeFolder());
    out.println("Starting the local Cassandra node in " + node.folder() + " ...");
    out.flush();
    StartResult started = node.start(ports.applyTo(NodeOptions.builder()).build());
    NodeStatus status = started.status();
    InetSocketAddress address = status.contactPoint().orElseThrow();
    out.printf(
        "  Cassandra %s %s on 127.0.0.1:%d%n",
        started.releaseVersion(),
        started.alreadyRunning() ? "already running" : "started",
        address.getPort());
    return "127.0.0.1:" + address.getPort();
  }

  private static void showWhatArrived(CqlSession session, PrintWriter out) {
    long rows = 0;
    ResultSet ids =
        session.execute(
            SimpleStatement.newInstance("SELECT id FROM demo.people")
                .setPageSize(5_000)
                .setTimeout(timeout()));
    for (var ignored : ids) {
      rows++;
    }
    out.printf("%nRead back %,d rows from demo.people. Three of them:%n", rows);
    ResultSet sample =
        session.execute(
            "SELECT id, given_name, family_name, emails, social, address, birth_date, updated_at,"
                + " writetime(given_name) AS written_at FROM demo.people LIMIT 3");
    sample.forEach(
        row ->
            out.printf(
                "  %s  %s %s  %s  %s  %s  born %s  updated %s (write timestamp %d)%n",
                row.getString("id"),
                row.getString("given_name"),
                row.getString("family_name"),
                row.getList("emails", String.class),
                row.getMap("social", String.class, String.class),
                row.getUdtValue("address").getFormattedContents(),
                row.getLocalDate("birth_date"),
                row.getInstant("updated_at"),
                row.getLong("written_at")));
    out.println(
        "Try: ./sluice migrate --fresh "
            + SluiceHome.dir().resolve("demo/job.yaml")
            + "   (loading again rewrites the same rows at the same timestamps)");
    out.println("Stop the node with: ./sluice cassandra stop");
    out.flush();
  }

  private static java.time.Duration timeout() {
    return java.time.Duration.ofSeconds(60);
  }

  private static String resource(String name) {
    try (InputStream in = DemoCommand.class.getResourceAsStream("demo/" + name)) {
      if (in == null) {
        throw new IllegalStateException("The demo's " + name + " is missing from the jar.");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
