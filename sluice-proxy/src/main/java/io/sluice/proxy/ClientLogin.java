package io.sluice.proxy;

import io.sluice.core.job.Setting;

/**
 * The user and password clients log in to the proxy with ({@code client-login:} in {@code
 * proxy.yaml}). Without it the proxy asks clients for no login. The password is read from the
 * environment variable or the file named, never written in the file itself.
 */
public record ClientLogin(
    @Setting(value = "The user clients log in to the proxy as.", example = "app") String username,
    @Setting("The environment variable holding the password clients log in with.")
        String passwordEnv,
    @Setting(
            "A file holding the password clients log in with (its first line), relative to"
                + " `proxy.yaml`.")
        String passwordFile) {}
