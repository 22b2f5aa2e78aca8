package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ClientPasswordsTest {

  private final ClientPasswords passwords = new ClientPasswords("app", "pa55");

  private static ByteBuffer token(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theConfiguredUserAndPasswordAreAccepted() {
    assertThat(passwords.accepts(token("\0app\0pa55"))).isTrue();
    assertThat(passwords.accepts(token("someone\0app\0pa55"))).isTrue();
  }

  @Test
  void anythingElseIsRefused() {
    assertThat(passwords.accepts(token("\0app\0pa56"))).isFalse();
    assertThat(passwords.accepts(token("\0ap\0pa55"))).isFalse();
    assertThat(passwords.accepts(token("\0app\0pa55x"))).isFalse();
    assertThat(passwords.accepts(token("app pa55"))).isFalse();
    assertThat(passwords.accepts(null)).isFalse();
  }
}
