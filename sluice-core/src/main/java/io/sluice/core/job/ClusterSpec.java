package io.sluice.core.job;

import java.util.List;

/**
 * How to reach a Cassandra-family cluster: the one type every connection Sluice makes is opened
 * from, the target's today and a table source's or the proxy's clusters tomorrow, so a setting
 * added here (TLS, say) reaches all of them.
 *
 * <p>Secrets never appear here: a password is read from the environment variable named by {@code
 * passwordEnv} or from the file named by {@code passwordFile}, and only when connecting.
 *
 * @param prefix where these settings sit in the job file, such as {@code target}, for messages
 * @param contactPoints {@code host:port} of one or more nodes
 * @param localDatacenter the datacenter the driver routes to
 * @param username the user to log in as, when the cluster requires authentication
 * @param passwordEnv the environment variable holding the password
 * @param passwordFile a file holding the password (first line), relative to the job file
 * @param consistency the consistency level of requests
 * @param tls how to connect over TLS, or null for a plain connection
 */
public record ClusterSpec(
    String prefix,
    List<String> contactPoints,
    String localDatacenter,
    String username,
    String passwordEnv,
    String passwordFile,
    String consistency,
    TlsSpec tls) {

  /** Where a cluster is reached when its settings name no contact point: a local node. */
  public static final List<String> DEFAULT_CONTACT_POINTS = List.of("127.0.0.1:9042");

  /** The local datacenter when the settings name none: Cassandra's own default name. */
  public static final String DEFAULT_LOCAL_DATACENTER = "datacenter1";

  public ClusterSpec {
    contactPoints = List.copyOf(contactPoints);
  }
}
