package io.sluice.proxy;

/**
 * The user and password clients log in to the proxy with ({@code client-login:} in {@code
 * proxy.yaml}). Without it the proxy asks clients for no login. The password is read from the
 * environment variable or the file named, never written in the file itself.
 *
 * @param username the user clients log in as
 * @param passwordEnv the environment variable holding the password
 * @param passwordFile a file holding the password (first line), relative to {@code proxy.yaml}
 */
public record ClientLogin(String username, String passwordEnv, String passwordFile) {}
