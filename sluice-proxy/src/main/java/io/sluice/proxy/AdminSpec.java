package io.sluice.proxy;

/**
 * {@code admin:} in {@code proxy.yaml}: the endpoint through which {@code sluice proxy switch}
 * changes which cluster serves reads while the proxy runs. It listens on the loopback address only
 * and asks every request for a token.
 *
 * @param listen {@code 127.0.0.1:port} (or {@code localhost:port})
 * @param tokenEnv the environment variable holding the token
 * @param tokenFile a file holding the token (first line), relative to {@code proxy.yaml}
 */
public record AdminSpec(String listen, String tokenEnv, String tokenFile) {

  /** The problem with the settings, one sentence, or null. */
  String problem() {
    if (listen == null || !(listen.startsWith("127.0.0.1:") || listen.startsWith("localhost:"))) {
      return "'admin.listen' must be 127.0.0.1:PORT: the admin endpoint listens on this machine"
          + " only.";
    }
    if (tokenEnv == null && tokenFile == null) {
      return "'admin:' needs 'token-env' or 'token-file': every admin request must show it.";
    }
    return null;
  }
}
