package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Certificates for TLS tests, made by the JDK's own {@code keytool}: self-signed key pairs in key
 * stores (PKCS12, or JKS for a name ending in {@code .jks}), trust stores holding them, and the TLS
 * context a test client builds from them.
 */
public final class TestCertificates {

  private TestCertificates() {}

  /**
   * A key pair with a self-signed certificate, valid 30 days, in {@code store}.
   *
   * @param extra more {@code keytool} arguments, such as {@code -ext SAN=ip:127.0.0.1}
   */
  public static void keyPair(
      String alias, String dname, Path store, String password, String... extra) throws Exception {
    List<Object> args =
        new ArrayList<>(
            List.of(
                "-genkeypair",
                "-alias",
                alias,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "30",
                "-dname",
                dname,
                "-keystore",
                store,
                "-storetype",
                type(store),
                "-storepass",
                password,
                "-keypass",
                password));
    args.addAll(List.of(extra));
    keytool(args.toArray());
  }

  /** Adds the certificate of {@code alias} in {@code from} to the trust store {@code to}. */
  public static void trust(String alias, Path from, String fromPassword, Path to, String toPassword)
      throws Exception {
    Path pem = to.resolveSibling(alias + ".pem");
    keytool(
        "-exportcert",
        "-alias",
        alias,
        "-keystore",
        from,
        "-storepass",
        fromPassword,
        "-rfc",
        "-file",
        pem);
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        alias,
        "-file",
        pem,
        "-keystore",
        to,
        "-storetype",
        type(to),
        "-storepass",
        toPassword);
  }

  /**
   * A client's TLS context: trusting the certificates of {@code truststore}, and presenting the key
   * pair of {@code keystore} unless it is null.
   */
  public static SSLContext clientContext(
      Path truststore, String trustPassword, Path keystore, String keyPassword) throws Exception {
    TrustManagerFactory trust =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(load(truststore, trustPassword));
    KeyManagerFactory keys = null;
    if (keystore != null) {
      keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(load(keystore, keyPassword), keyPassword.toCharArray());
    }
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
    return context;
  }

  private static KeyStore load(Path file, String password) throws Exception {
    KeyStore store = KeyStore.getInstance(type(file));
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, password.toCharArray());
    }
    return store;
  }

  private static String type(Path store) {
    return store.toString().endsWith(".jks") ? "JKS" : "PKCS12";
  }

  private static void keytool(Object... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    for (Object arg : args) {
      command.add(arg.toString());
    }
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
  }
}
