package io.sluice.cassandra.doctor;

import io.sluice.cassandra.table.TableSourceOptions;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The Cassandra-family clusters a job touches: its target, and the clusters of table sources. */
public final class JobClusters {

  /**
   * One cluster and what the job uses of it.
   *
   * @param role {@code target}, or {@code source 'NAME'}
   */
  public record Touched(String role, ClusterSpec cluster, String keyspace, String table) {}

  private JobClusters() {}

  public static List<Touched> of(JobSpec job) {
    List<Touched> touched = new ArrayList<>();
    String targetType = job.target().type();
    if (targetType == null || targetType.equals("cassandra")) {
      touched.add(
          new Touched(
              "target", job.target().cluster(), job.target().keyspace(), job.target().table()));
    }
    for (SourceSpec source : job.sources()) {
      if ("cassandra".equals(source.type())) {
        String where = "source '" + source.name() + "'";
        TableSourceOptions options =
            JobFiles.readPart(source.options(), TableSourceOptions.class, where + " options");
        touched.add(
            new Touched(
                where, options.cluster(source.name()), options.keyspace(), options.table()));
      }
    }
    return touched;
  }

  /** Examines every cluster the job touches. */
  public static List<Finding> examine(JobSpec job, Path baseDir) {
    List<Finding> findings = new ArrayList<>();
    for (Touched cluster : of(job)) {
      findings.addAll(
          Doctor.examine(
              cluster.cluster(),
              baseDir,
              cluster.role(),
              cluster.keyspace(),
              cluster.table(),
              job.flow().compaction()));
    }
    return findings;
  }
}
