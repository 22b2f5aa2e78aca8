package io.sluice.proxy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Checks the login a client sends in the {@code PasswordAuthenticator} handshake: a SASL PLAIN
 * token, {@code authzid NUL user NUL password}, against the one user the proxy's configuration
 * names. The password is compared in constant time and never kept in a message.
 */
final class ClientPasswords {

  /** The authenticator the proxy names to clients, the one drivers and cqlsh answer. */
  static final String AUTHENTICATOR = "org.apache.cassandra.auth.PasswordAuthenticator";

  private final byte[] username;
  private final byte[] password;

  ClientPasswords(String username, String password) {
    this.username = username.getBytes(StandardCharsets.UTF_8);
    this.password = password.getBytes(StandardCharsets.UTF_8);
  }

  /** Whether the token holds the configured user and password. */
  boolean accepts(ByteBuffer token) {
    if (token == null) {
      return false;
    }
    byte[] bytes = new byte[token.remaining()];
    token.duplicate().get(bytes);
    int first = indexOf(bytes, 0);
    int second = first < 0 ? -1 : indexOf(bytes, first + 1);
    if (second < 0) {
      return false;
    }
    byte[] user = java.util.Arrays.copyOfRange(bytes, first + 1, second);
    byte[] given = java.util.Arrays.copyOfRange(bytes, second + 1, bytes.length);
    boolean userMatches = MessageDigest.isEqual(user, username);
    boolean passwordMatches = MessageDigest.isEqual(given, password);
    return userMatches & passwordMatches;
  }

  private static int indexOf(byte[] bytes, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }
}
