package io.sluice.cassandra;

import io.sluice.core.job.TlsSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the TLS context of a {@code tls:} block: its trust store and key store. A cluster's
 * settings use it as a client; the proxy uses it as a server for its own clients.
 */
public final class TlsContexts {

  private TlsContexts() {}

  /**
   * A context trusting the certificates of {@code tls.truststore} (a PKCS12 or JKS file, either
   * read by the JDK's keystore), or the JDK's default authorities when no trust store is named.
   *
   * @param prefix where the settings sit, such as {@code target}, for messages
   * @throws IllegalArgumentException with one sentence when a store or its password cannot be read
   */
  public static SSLContext of(TlsSpec tls, String prefix, Path baseDir, Map<String, String> env) {
    String tlsPrefix = prefix + ".tls";
    try {
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      if (tls.truststore() == null) {
        trust.init((KeyStore) null);
      } else {
        trust.init(
            load(
                tlsPrefix + ".truststore",
                tls.truststore(),
                Secrets.read(
                    tlsPrefix + ".truststore-password",
                    tls.truststorePasswordEnv(),
                    tls.truststorePasswordFile(),
                    baseDir,
                    env),
                baseDir));
      }
      KeyManager[] keys = null;
      if (tls.keystore() != null) {
        String password =
            Secrets.read(
                tlsPrefix + ".keystore-password",
                tls.keystorePasswordEnv(),
                tls.keystorePasswordFile(),
                baseDir,
                env);
        KeyManagerFactory keyFactory =
            KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyFactory.init(
            load(tlsPrefix + ".keystore", tls.keystore(), password, baseDir),
            password == null ? null : password.toCharArray());
        keys = keyFactory.getKeyManagers();
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys, trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "Cannot set up TLS from " + tlsPrefix + ": " + e.getMessage() + ".");
    }
  }

  /** A PKCS12 or JKS file (the JDK's keystore reads either). */
  private static KeyStore load(String setting, String name, String password, Path baseDir)
      throws GeneralSecurityException {
    Path file = baseDir.resolve(name);
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, password == null ? null : password.toCharArray());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot read "
              + file
              + " named by "
              + setting
              + " (a PKCS12 or JKS file, with its password in "
              + setting
              + "-password-env or -file): "
              + e.getMessage()
              + ".");
    }
    return store;
  }
}
