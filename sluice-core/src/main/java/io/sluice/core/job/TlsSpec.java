package io.sluice.core.job;

/**
 * The {@code tls:} part of a cluster's settings: connect over TLS, trusting the certificates of a
 * trust store, and, for a cluster that requires client certificates (mutual TLS), presenting the
 * one in a key store. Passwords are read from the environment variables or the files named here,
 * never from the job file itself.
 */
public record TlsSpec(
    @Setting(
            "A PKCS12 or JKS file of the certificates (or their authority) to trust, relative to"
                + " the file read.")
        String truststore,
    @Setting("The environment variable holding the trust store's password.")
        String truststorePasswordEnv,
    @Setting("A file holding the trust store's password (its first line).")
        String truststorePasswordFile,
    @Setting(
            "A PKCS12 or JKS file with the client's key and certificate (for the proxy's"
                + " `client-tls`, the proxy's own), for a side that requires one.")
        String keystore,
    @Setting("The environment variable holding the key store's password (also the key's).")
        String keystorePasswordEnv,
    @Setting("A file holding the key store's password (its first line).")
        String keystorePasswordFile,
    @Setting("Whether the certificate must name the address connected to.")
        Boolean hostnameVerification) {

  public TlsSpec {
    hostnameVerification = hostnameVerification == null || hostnameVerification;
  }
}
