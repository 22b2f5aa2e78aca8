package io.sluice.core.job;

/**
 * The {@code tls:} part of a cluster's settings: connect over TLS, trusting the certificates of a
 * trust store, and, for a cluster that requires client certificates (mutual TLS), presenting the
 * one in a key store. Passwords are read from the environment variables or the files named here,
 * never from the job file itself.
 *
 * @param truststore a PKCS12 or JKS file of the certificates (or their authority) to trust,
 *     relative to the job file
 * @param truststorePasswordEnv the environment variable holding the trust store's password
 * @param truststorePasswordFile a file holding it (first line)
 * @param keystore a PKCS12 or JKS file with the client's key and certificate, for a cluster that
 *     requires one; absent otherwise
 * @param keystorePasswordEnv the environment variable holding the key store's password (also the
 *     key's)
 * @param keystorePasswordFile a file holding it (first line)
 * @param hostnameVerification whether the certificate must name the address connected to; default
 *     true
 */
public record TlsSpec(
    String truststore,
    String truststorePasswordEnv,
    String truststorePasswordFile,
    String keystore,
    String keystorePasswordEnv,
    String keystorePasswordFile,
    Boolean hostnameVerification) {

  public TlsSpec {
    hostnameVerification = hostnameVerification == null || hostnameVerification;
  }
}
