package io.sluice.proxy;

import io.sluice.core.job.Setting;

/**
 * {@code admin:} in {@code proxy.yaml}: the endpoint through which {@code sluice proxy switch}
 * changes which cluster serves reads while the proxy runs. It listens on the loopback address only
 * and asks every request for a token.
 */
public record AdminSpec(
    @Setting(
            value = "`127.0.0.1:PORT` (or `localhost:PORT`): the endpoint's address.",
            example = "127.0.0.1:9100")
        String listen,
    @Setting("The environment variable holding the token every admin request must show.")
        String tokenEnv,
    @Setting("A file holding that token (its first line), relative to `proxy.yaml`.")
        String tokenFile) {

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
