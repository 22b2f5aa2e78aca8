package io.sluice.proxy;

import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;

/** Proxy configurations for tests: the shared cluster as primary, the second as secondary. */
final class ProxyConfigs {

  private ProxyConfigs() {}

  static ProxyConfig of(TestKeyspace primary, SecondCluster secondary) {
    return withLogin(primary, secondary, null);
  }

  static ProxyConfig withLogin(TestKeyspace primary, SecondCluster secondary, ClientLogin login) {
    return of(primary, secondary, login, null, null);
  }

  static ProxyConfig withShadowReads(
      TestKeyspace primary, SecondCluster secondary, ShadowReadSpec shadowReads) {
    return of(primary, secondary, null, shadowReads, null);
  }

  static ProxyConfig withAdmin(TestKeyspace primary, SecondCluster secondary, AdminSpec admin) {
    return of(primary, secondary, null, null, admin);
  }

  private static ProxyConfig of(
      TestKeyspace primary,
      SecondCluster secondary,
      ClientLogin login,
      ShadowReadSpec shadowReads,
      AdminSpec admin) {
    return new ProxyConfig(
            "127.0.0.1:0",
            cluster(primary),
            cluster(secondary.keyspace()),
            login,
            null,
            null,
            "127.0.0.1:0",
            null,
            null,
            shadowReads,
            admin,
            null,
            null)
        .checked("test");
  }

  private static ProxyCluster cluster(TestKeyspace keyspace) {
    return new ProxyCluster(
        java.util.List.of(keyspace.hostAndPort()),
        keyspace.localDatacenter(),
        null,
        null,
        null,
        null);
  }
}
