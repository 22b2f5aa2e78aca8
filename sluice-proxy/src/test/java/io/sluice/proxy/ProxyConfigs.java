package io.sluice.proxy;

import io.sluice.core.job.TlsSpec;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;

/** Proxy configurations for tests: the shared cluster as primary, the second as secondary. */
final class ProxyConfigs {

  private ProxyConfigs() {}

  static ProxyConfig of(TestKeyspace primary, SecondCluster secondary) {
    return withLogin(primary, secondary, null);
  }

  static ProxyConfig withLogin(TestKeyspace primary, SecondCluster secondary, ClientLogin login) {
    return of(primary, secondary, login, null, null, null);
  }

  static ProxyConfig withShadowReads(
      TestKeyspace primary, SecondCluster secondary, ShadowReadSpec shadowReads) {
    return of(primary, secondary, null, shadowReads, null, null);
  }

  static ProxyConfig withAdmin(TestKeyspace primary, SecondCluster secondary, AdminSpec admin) {
    return of(primary, secondary, null, null, admin, null);
  }

  static ProxyConfig withClientTls(TestKeyspace primary, SecondCluster secondary, TlsSpec tls) {
    return of(primary, secondary, null, null, null, tls);
  }

  private static ProxyConfig of(
      TestKeyspace primary,
      SecondCluster secondary,
      ClientLogin login,
      ShadowReadSpec shadowReads,
      AdminSpec admin,
      TlsSpec clientTls) {
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
            null,
            clientTls)
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
