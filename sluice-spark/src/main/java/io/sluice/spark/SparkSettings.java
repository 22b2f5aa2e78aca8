package io.sluice.spark;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;

/**
 * The job file's {@code spark:} settings, which a run on one machine ignores.
 *
 * @param state where the splits keep their state: {@code folder} (the default) or {@code keyspace}
 * @param stateKeyspace the keyspace for {@code state: keyspace}, {@code sluice_state} by default
 * @param budgetPort the port the driver serves the job's flow budget on, which every executor must
 *     reach; by default a free port chosen at start
 * @param budgetBindAddress the address that server listens on; by default the driver's own ({@code
 *     spark.driver.host}), which is also the address the executors are given
 */
record SparkSettings(
    String state, String stateKeyspace, Integer budgetPort, String budgetBindAddress) {

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
