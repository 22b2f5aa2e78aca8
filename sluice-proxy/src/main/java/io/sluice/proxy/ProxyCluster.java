package io.sluice.proxy;

import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.TlsSpec;
import java.util.List;

/**
 * One of the proxy's two clusters, as {@code primary:} or {@code secondary:} in {@code proxy.yaml}:
 * the same settings as a job's target, declared with their help and defaults by {@link
 * ClusterSpec}, but for {@code consistency}: the consistency of each request is the client's own.
 * {@code contact-points} has no default here: the proxy itself listens where a local node would.
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
    localDatacenter = ClusterSpec.localDatacenterOrDefault(localDatacenter);
  }

  /** The settings as every Sluice connection takes them; {@code role} names them in messages. */
  ClusterSpec spec(String role) {
    return new ClusterSpec(
        role, contactPoints, localDatacenter, username, passwordEnv, passwordFile, "ONE", tls);
  }
}
