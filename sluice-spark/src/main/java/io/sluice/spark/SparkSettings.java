package io.sluice.spark;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.Setting;

/** The job file's {@code spark:} settings, which a run on one machine ignores. */
record SparkSettings(
    @Setting(
            "Where the splits keep their state: `folder` (the job's state folder, on a"
                + " filesystem every executor shares) or `keyspace` (a keyspace of the target"
                + " cluster).")
        String state,
    @Setting("The keyspace for `state: keyspace`.") String stateKeyspace,
    @Setting(
            value =
                "The port the driver serves the job's flow budget on, which every executor must"
                    + " reach; 0 for a free one.",
            shownDefault = "a free port chosen at start")
        Integer budgetPort,
    @Setting(
            value = "The address that budget server listens on.",
            shownDefault = "the driver's own (`spark.driver.host`), also given to the executors")
        String budgetBindAddress) {

  SparkSettings {
    state = state == null ? "folder" : state;
    stateKeyspace = stateKeyspace == null ? KeyspaceSplits.DEFAULT_KEYSPACE : stateKeyspace;
  }

  /** The {@code spark:} settings of {@code job}, checked. */
  static SparkSettings of(JobSpec job) {
    SparkSettings settings = JobFiles.readPart(job.spark(), SparkSettings.class, "spark");
    Integer port = settings.budgetPort();
    if (port != null && (port < 0 || port > 65_535)) {
      throw new JobFileException(
          "spark.budget-port must be a port from 1 to 65535 (or 0 for a free one), not "
              + port
              + ".");
    }
    return settings;
  }

  /** The budget server's port: the one set, or 0 for a free one. */
  int budgetPortOrFree() {
    return budgetPort == null ? 0 : budgetPort;
  }
}
