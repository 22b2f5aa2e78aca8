package io.sluice.proxy;

import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.TlsSpec;
import java.util.List;

/**
 * One of the proxy's two clusters, as {@code primary:} or {@code secondary:} in {@code proxy.yaml}:
 * the same settings as a job's target. The consistency of each request is the client's own.
 *
 * @param contactPoints {@code host:port} of one or more nodes
 * @param localDatacenter the datacenter requests are routed to
 * @param username the user the proxy logs in as, when the cluster requires authentication
 * @param passwordEnv the environment variable holding that user's password
 * @param passwordFile a file holding the password (first line), relative to {@code proxy.yaml}
 * @param tls how to connect over TLS, or null for a plain connection
 */
public record ProxyCluster(
    List<String> contactPoints,
    String localDatacenter,
    String username,
    String passwordEnv,
    String passwordFile,
    TlsSpec tls) {

  public ProxyCluster {
    contactPoints = contactPoints == null ? List.of() : List.copyOf(contactPoints);
    localDatacenter =
        localDatacenter == null ? ClusterSpec.DEFAULT_LOCAL_DATACENTER : localDatacenter;
  }

  /** The settings as every Sluice connection takes them; {@code role} names them in messages. */
  ClusterSpec spec(String role) {
    return new ClusterSpec(
        role, contactPoints, localDatacenter, username, passwordEnv, passwordFile, "ONE", tls);
  }
}
