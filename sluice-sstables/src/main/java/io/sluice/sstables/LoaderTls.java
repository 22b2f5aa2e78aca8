package io.sluice.sstables;

import io.sluice.cassandra.Secrets;
import io.sluice.core.job.TlsSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The target's {@code tls:} settings as Cassandra's loader takes them: the stores' paths as its
 * options, their passwords apart, for its standard input (never a command line). Without a trust
 * store of its own the target is trusted as the JDK trusts it, so the loader gets the JDK's.
 *
 * @param args the loader's options naming the stores; empty for a target without TLS
 * @param truststorePassword the trust store's password, empty when none
 * @param keystorePassword the key store's password, empty when none
 */
record LoaderTls(List<String> args, String truststorePassword, String keystorePassword) {

  private static final LoaderTls NONE = new LoaderTls(List.of(), "", "");

  /** The JDK's own trust store, and the password it ships with. */
  private static final Path JDK_CACERTS =
      Path.of(System.getProperty("java.home"), "lib", "security", "cacerts");

  private static final String JDK_CACERTS_PASSWORD = "changeit";

  /** Whether the target has TLS settings. */
  boolean enabled() {
    return !args.isEmpty();
  }

  static LoaderTls of(TlsSpec tls, String prefix, Path baseDir, Map<String, String> env) {
    if (tls == null) {
      return NONE;
    }
    String setting = prefix + ".tls";
    List<String> args = new ArrayList<>();
    String truststorePassword;
    if (tls.truststore() == null) {
      args.addAll(List.of("--truststore", JDK_CACERTS.toString()));
      truststorePassword = JDK_CACERTS_PASSWORD;
    } else {
      args.addAll(List.of("--truststore", baseDir.resolve(tls.truststore()).toString()));
      truststorePassword =
          Secrets.read(
              setting + ".truststore-password",
              tls.truststorePasswordEnv(),
              tls.truststorePasswordFile(),
              baseDir,
              env);
    }
    String keystorePassword = null;
    if (tls.keystore() != null) {
      args.addAll(List.of("--keystore", baseDir.resolve(tls.keystore()).toString()));
      keystorePassword =
          Secrets.read(
              setting + ".keystore-password",
              tls.keystorePasswordEnv(),
              tls.keystorePasswordFile(),
              baseDir,
              env);
    }
    return new LoaderTls(
        List.copyOf(args),
        truststorePassword == null ? "" : truststorePassword,
        keystorePassword == null ? "" : keystorePassword);
  }

  /** Never the passwords. */
  @Override
  public String toString() {
    return "LoaderTls" + args;
  }
}
