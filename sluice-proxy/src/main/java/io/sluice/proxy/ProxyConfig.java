package io.sluice.proxy;

import io.sluice.core.job.DurationText;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.TlsSpec;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What {@code proxy.yaml} holds: where the proxy listens, its two clusters, how clients log in, and
 * the few limits it keeps. Every setting of the proxy is declared here.
 *
 * @param listen {@code host:port} the proxy accepts clients on; loopback by default
 * @param primary the cluster that serves reads and whose answer the client gets
 * @param secondary the cluster that receives every write as well
 * @param clientLogin how clients log in, or null for no login
 * @param preparedStatements how many prepared statements the proxy remembers; the least recently
 *     used is forgotten past that, and a client that executes it is told to prepare it again
 * @param requestTimeout how long the proxy waits for a cluster's answer before answering the client
 *     with an error
 * @param metricsListen {@code host:port} to serve Prometheus metrics on, or null for none
 * @param ioThreads threads serving client connections and the connections to both clusters
 * @param stateDir the folder of the proxy's timeline ({@code timeline.jsonl}) and shadow-read
 *     mismatch log, relative to the proxy file; {@code .sluice/proxy} by default
 * @param shadowReads which reads are also compared on the secondary; none by default
 * @param admin the admin endpoint that switches which cluster serves reads, or null for none
 * @param secondaryFailure what a write the cluster that does not serve reads cannot take does:
 *     {@code strict} (the default) fails the client's write; {@code log} keeps it in the replay log
 *     and answers the client with the serving cluster's answer
 * @param replayLog the replay log's limits, with {@code secondary-failure: log}
 * @param clientTls TLS for the clients' connections, or null for none: {@code keystore} holds the
 *     proxy's key and certificate; a {@code truststore} makes clients show a certificate it trusts
 */
public record ProxyConfig(
    String listen,
    ProxyCluster primary,
    ProxyCluster secondary,
    ClientLogin clientLogin,
    Integer preparedStatements,
    String requestTimeout,
    String metricsListen,
    Integer ioThreads,
    String stateDir,
    ShadowReadSpec shadowReads,
    AdminSpec admin,
    String secondaryFailure,
    ReplayLogSpec replayLog,
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
