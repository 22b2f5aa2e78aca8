package io.sluice.core.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * How to reach a Cassandra-family cluster: the one type every connection Sluice makes is opened
 * from (the target's, a table source's, the proxy's two clusters), and the one declaration of the
 * cluster settings, their help and defaults. The records a file is read into hold these settings at
 * their own level ({@code target:}, a {@code cassandra} source's {@code options:}, the proxy's
 * {@code primary:} and {@code secondary:}), under the same keys, and take their defaults from here;
 * the settings reference's tests hold them to that (same keys, types and defaults, no help of their
 * own). They do not hold a {@code ClusterSpec} through Jackson's {@code @JsonUnwrapped}: Jackson
 * 2.20 reads an unwrapped record component, but then accepts unknown keys silently, where a job
 * file's reader names them.
 *
 * <p>Secrets never appear here: a password is read from the environment variable named by {@code
 * passwordEnv} or from the file named by {@code passwordFile}, and only when connecting.
 *
 * @param prefix where these settings sit in the file, such as {@code target}, for messages
 */
public record ClusterSpec(
    @JsonIgnore String prefix,
    @Setting("`host:port` of one or more nodes of the cluster.") List<String> contactPoints,
    @Setting("The datacenter requests are routed to; the driver connects to its nodes only.")
        String localDatacenter,
    @Setting("The user to log in as, when the cluster requires authentication.") String username,
    @Setting("The environment variable holding the password of `username`.") String passwordEnv,
    @Setting("A file holding the password (its first line), relative to the file read.")
        String passwordFile,
    @Setting(
            "The consistency level of Sluice's requests, such as `LOCAL_QUORUM` or `ONE`: a"
                + " target's writes, a table source's reads.")
        String consistency,
    @Setting(
            "Connect over TLS, trusting the certificates of a trust store (and, for mutual TLS,"
                + " presenting a client certificate); absent for a plain connection.")
        TlsSpec tls) {

  /** Where a cluster is reached when its settings name no contact point: a local node. */
  public static final List<String> DEFAULT_CONTACT_POINTS = List.of("127.0.0.1:9042");

  /** The local datacenter when the settings name none: Cassandra's own default name. */
  public static final String DEFAULT_LOCAL_DATACENTER = "datacenter1";

  /** The consistency of requests when the settings name none. */
  public static final String DEFAULT_CONSISTENCY = "LOCAL_QUORUM";

  public ClusterSpec {
    contactPoints = contactPointsOrDefault(contactPoints);
    localDatacenter = localDatacenterOrDefault(localDatacenter);
    consistency = consistencyOrDefault(consistency);
  }

  /** {@code contact-points} as given, or the default when absent or empty. */
  public static List<String> contactPointsOrDefault(List<String> contactPoints) {
    return contactPoints == null || contactPoints.isEmpty()
        ? DEFAULT_CONTACT_POINTS
        : List.copyOf(contactPoints);
  }

  /** {@code local-datacenter} as given, or the default. */
  public static String localDatacenterOrDefault(String localDatacenter) {
    return localDatacenter == null ? DEFAULT_LOCAL_DATACENTER : localDatacenter;
  }

  /** {@code consistency} as given, or the default. */
  public static String consistencyOrDefault(String consistency) {
    return consistency == null ? DEFAULT_CONSISTENCY : consistency;
  }
}
