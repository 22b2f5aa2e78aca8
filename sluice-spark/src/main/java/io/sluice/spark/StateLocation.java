package io.sluice.spark;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import io.sluice.cassandra.SessionFactory;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where a job's splits keep their state, as the job file's {@code spark:} settings choose it: the
 * job's state folder (on a filesystem every executor mounts), or a keyspace of the target cluster.
 * Serializable, so that each task opens the same store.
 *
 * @param keyspace the keyspace, or null for the folder
 * @param folder the job's state folder (a validation's own, as on one machine)
 * @param jobKey the key of the job's splits in the keyspace (a validation's apart)
 */
record StateLocation(String keyspace, String folder, String jobKey) implements Serializable {

  /** Where the job file says the splits of a run of {@code workflow} keep their state. */
  static StateLocation of(JobSpec job, SparkWorkflow workflow) {
    SparkSettings settings = SparkSettings.of(job);
    String state = settings.state();
    String folder = workflow.localState(job).dir().toString();
    String jobKey = workflow.stateKey(job);
    switch (state) {
      case "folder":
        return new StateLocation(null, folder, jobKey);
      case "keyspace":
        return new StateLocation(settings.stateKeyspace(), folder, jobKey);
      default:
        throw new JobFileException(
            "spark: 'state' is folder (the job's state folder on a filesystem every executor"
                + " mounts) or keyspace (a keyspace of the target cluster), not '"
                + state
                + "'.");
    }
  }

  /** Creates the keyspace's tables when the state is kept there; the driver calls it once. */
  void prepare(JobSpec job) {
    if (keyspace != null) {
      try (CqlSession session = SessionFactory.open(job.target().cluster(), job.baseDir())) {
        KeyspaceSplits.createSchema(session, keyspace, job.target().localDatacenter());
      }
    }
  }

  /** Opens the store, connecting to the target cluster when the state is kept there. */
  SplitStore open(JobSpec job) {
    if (keyspace == null) {
      return new FolderSplits(Path.of(folder));
    }
    CqlSession session = SessionFactory.open(job.target().cluster(), job.baseDir());
    return KeyspaceSplits.open(
        session,
        keyspace,
        jobKey,
        DefaultConsistencyLevel.valueOf(job.target().consistency().toUpperCase(Locale.ROOT)));
  }
}
