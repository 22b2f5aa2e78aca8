package io.sluice.proxy;

import io.sluice.core.job.DurationText;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.Setting;
import io.sluice.core.job.TlsSpec;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What {@code proxy.yaml} holds: where the proxy listens, its two clusters, how clients log in, and
 * the few limits it keeps. Every setting of the proxy is declared here or in the records it holds.
 */
public record ProxyConfig(
    @Setting("`host:port` the proxy accepts clients on.") String listen,
    @Setting(
            value = "The cluster that serves reads at start and whose answer the client gets.",
            example = "{contact-points: [10.0.0.1:9042]}")
        ProxyCluster primary,
    @Setting(
            value = "The cluster that receives every write as well.",
            example = "{contact-points: [10.0.1.1:9042]}")
        ProxyCluster secondary,
    @Setting("How clients log in to the proxy; without it, clients log in with no password.")
        ClientLogin clientLogin,
    @Setting(
            "How many prepared statements the proxy remembers; past that the least recently used"
                + " is forgotten, and a client that executes it is told to prepare it again.")
        Integer preparedStatements,
    @Setting(
            "How long the proxy waits for a cluster's answer before answering the client with an"
                + " error.")
        String requestTimeout,
    @Setting("`host:port` to serve Prometheus metrics on.") String metricsListen,
    @Setting(
            value = "Threads serving client connections and the connections to both clusters.",
            shownDefault = "the number of processors")
        Integer ioThreads,
    @Setting(
            "The folder of the proxy's timeline (`timeline.jsonl`), shadow-read mismatch log and"
                + " replay log, relative to the proxy file.")
        String stateDir,
    @Setting("Which share of reads is also sent to the secondary and compared.")
        ShadowReadSpec shadowReads,
    @Setting(
            "The admin endpoint through which `sluice proxy switch` changes which cluster serves"
                + " reads, and `sluice proxy status` reads the proxy's state.")
        AdminSpec admin,
    @Setting(
            "What a write the cluster that does not serve reads cannot take does: `strict` fails"
                + " the client's write; `log` keeps it in the replay log and answers the client"
                + " with the serving cluster's answer.")
        String secondaryFailure,
    @Setting("The replay log's limits, with `secondary-failure: log`.") ReplayLogSpec replayLog,
    @Setting(
            "TLS for the clients' connections: `keystore` holds the proxy's key and certificate;"
                + " a `truststore` makes clients show a certificate it trusts.")
        TlsSpec clientTls) {

  public ProxyConfig {
    ioThreads = ioThreads == null ? Runtime.getRuntime().availableProcessors() : ioThreads;
    listen = listen == null ? "127.0.0.1:9042" : listen;
    preparedStatements = preparedStatements == null ? 10_000 : preparedStatements;
    requestTimeout = requestTimeout == null ? "12s" : requestTimeout;
    stateDir = stateDir == null ? ".sluice/proxy" : stateDir;
    shadowReads = shadowReads == null ? ShadowReadSpec.none() : shadowReads;
    secondaryFailure = secondaryFailure == null ? "strict" : secondaryFailure;
    replayLog = replayLog == null ? ReplayLogSpec.defaults() : replayLog;
  }

  /** Whether writes the other cluster cannot take are kept in the replay log. */
  boolean keepsMissedWrites() {
    return secondaryFailure.equals("log");
  }

  /** Where the proxy keeps its timeline: {@code state-dir}, relative to the proxy file. */
  Path stateDirIn(Path baseDir) {
    return baseDir.resolve(stateDir);
  }

  /** The wait for a cluster's answer. */
  Duration requestTimeoutDuration() {
    return DurationText.parse(requestTimeout, "request-timeout");
  }

  /**
   * Reads and checks {@code proxy.yaml}.
   *
   * @throws JobFileException with one sentence naming the file, and the line where known
   */
  public static ProxyConfig load(Path file) {
    return JobFiles.readFile(file, ProxyConfig.class, "Proxy file").checked(file.toString());
  }

  /** The configuration, once it names both clusters and sane limits. */
  ProxyConfig checked(String where) {
    if (primary == null || primary.contactPoints().isEmpty()) {
      throw new JobFileException(where + ": 'primary:' needs 'contact-points'.");
    }
    if (secondary == null || secondary.contactPoints().isEmpty()) {
      throw new JobFileException(where + ": 'secondary:' needs 'contact-points'.");
    }
    if (preparedStatements < 1) {
      throw new JobFileException(where + ": 'prepared-statements' must be at least 1.");
    }
    if (ioThreads < 1) {
      throw new JobFileException(where + ": 'io-threads' must be at least 1.");
    }
    if (clientLogin != null && clientLogin.username() == null) {
      throw new JobFileException(where + ": 'client-login:' needs a 'username'.");
    }
    if (admin != null && admin.problem() != null) {
      throw new JobFileException(where + ": " + admin.problem());
    }
    if (shadowReads.problem() != null) {
      throw new JobFileException(where + ": " + shadowReads.problem());
    }
    if (!secondaryFailure.equals("strict") && !secondaryFailure.equals("log")) {
      throw new JobFileException(
          where
              + ": 'secondary-failure' is 'strict' (a write the secondary fails fails the client's)"
              + " or 'log' (kept in the replay log and replayed), not '"
              + secondaryFailure
              + "'.");
    }
    if (clientTls != null && clientTls.keystore() == null) {
      throw new JobFileException(
          where
              + ": 'client-tls:' needs a 'keystore' with the proxy's key and certificate (and"
              + " 'keystore-password-env' or 'keystore-password-file').");
    }
    if (replayLog.problem() != null) {
      throw new JobFileException(where + ": " + replayLog.problem());
    }
    requestTimeoutDuration();
    return this;
  }
}
