package io.sluice.proxy;

import java.util.Locale;

/**
 * A cluster's role as {@code proxy.yaml} configures it: the primary (the old cluster, which serves
 * reads when the proxy starts) and the secondary (the new one). A cluster keeps its role for the
 * proxy's life; which of the two serves reads now is the {@link Switchboard}'s to say. The label is
 * the name metrics, logs, the admin endpoint and {@code sluice proxy status} show.
 */
enum ClusterRole {
  PRIMARY,
  SECONDARY;

  private final String label = name().toLowerCase(Locale.ROOT);

  /** {@code primary} or {@code secondary}, as {@code proxy.yaml} names the cluster. */
  String label() {
    return label;
  }

  /** The other cluster's role. */
  ClusterRole other() {
    return this == PRIMARY ? SECONDARY : PRIMARY;
  }

  /**
   * The role a user names.
   *
   * @throws IllegalArgumentException for a name other than {@code primary} or {@code secondary}
   */
  static ClusterRole ofLabel(String label) {
    for (ClusterRole role : values()) {
      if (role.label.equals(label)) {
        return role;
      }
    }
    throw new IllegalArgumentException(
        "Reads can be served by 'primary' or 'secondary' (as proxy.yaml names them), not '"
            + label
            + "'.");
  }

  @Override
  public String toString() {
    return label;
  }
}
