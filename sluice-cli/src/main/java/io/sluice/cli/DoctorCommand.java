package io.sluice.cli;

import io.sluice.cassandra.doctor.Doctor;
import io.sluice.cassandra.doctor.Finding;
import io.sluice.cassandra.doctor.JobClusters;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.flags.ExitCodes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice doctor [job.yaml]}: checks the clusters a job touches (or the one named by contact
 * points) and prints one line per check, OK, WARN or FAIL with the fix.
 */
@Command(
    name = "doctor",
    description =
        "Check the clusters a job touches: nodes, schema agreement, replication, the table's"
            + " settings, rate limits, flow signals, read-ahead. One line per check, with the fix.")
final class DoctorCommand implements Callable<Integer> {

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "JOB.yaml",
      description = "The job file; without it, the cluster at --contact-points.")
  Path jobFile;

  @Option(
      names = "--contact-points",
      split = ",",
      paramLabel = "HOST:PORT",
      description = "The cluster to check without a job file (default: ${DEFAULT-VALUE}).")
  List<String> contactPoints = ClusterSpec.DEFAULT_CONTACT_POINTS;

  @Option(names = "--datacenter", description = "Its local datacenter (default: ${DEFAULT-VALUE}).")
  String datacenter = ClusterSpec.DEFAULT_LOCAL_DATACENTER;

  @Option(names = "--username", description = "A login, with --password-env.")
  String username;

  @Option(
      names = "--password-env",
      paramLabel = "VARIABLE",
      description = "The environment variable holding the password.")
  String passwordEnv;

  @Option(names = "--keyspace", description = "A keyspace to check the replication of.")
  String keyspace;

  @Option(names = "--table", description = "A table of that keyspace to check the settings of.")
  String table;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    boolean failed = false;
    if (jobFile != null) {
      JobSpec job = JobFiles.load(jobFile);
      for (JobClusters.Touched cluster : JobClusters.of(job)) {
        out.printf(
            "%s cluster (%s, local datacenter %s)%n",
            capitalized(cluster.role()),
            String.join(", ", cluster.cluster().contactPoints()),
            cluster.cluster().localDatacenter());
        failed |=
            print(
                Doctor.examine(
                    cluster.cluster(),
                    job.baseDir(),
                    cluster.role(),
                    cluster.keyspace(),
                    cluster.table(),
                    job.flow().compaction()),
                out);
      }
    } else {
      ClusterSpec cluster =
          new ClusterSpec(
              "--",
              contactPoints,
              datacenter,
              username,
              passwordEnv,
              null,
              ClusterSpec.DEFAULT_CONSISTENCY,
              null);
      out.printf(
          "Cluster (%s, local datacenter %s)%n", String.join(", ", contactPoints), datacenter);
      failed =
          print(
              Doctor.examine(
                  cluster, Path.of("."), "target", keyspace, table, CompactionSpec.defaults()),
              out);
    }
    out.flush();
    return failed ? ExitCodes.ABORTED : ExitCodes.OK;
  }

  /** Prints the findings; returns whether one is a FAIL. */
  static boolean print(List<Finding> findings, PrintWriter out) {
    boolean failed = false;
    for (Finding finding : findings) {
      out.println("  " + finding.line());
      failed |= finding.level() == Finding.Level.FAIL;
    }
    return failed;
  }

  private static String capitalized(String role) {
    return Character.toUpperCase(role.charAt(0)) + role.substring(1);
  }
}
