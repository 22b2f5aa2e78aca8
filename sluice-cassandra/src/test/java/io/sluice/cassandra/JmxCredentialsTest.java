package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.CompactionSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmxCredentialsTest {

  private static final String SECRET = "s3cr3t-jmx";

  private static CompactionSpec spec(String username, String passwordEnv) {
    return new CompactionSpec(null, null, 7199, username, passwordEnv, null, null);
  }

  @Test
  void should_need_no_credentials_when_none_are_named() {
    assertThat(JmxCredentials.from(spec(null, null), Map.of())).isEmpty();
  }

  @Test
  void should_take_the_password_from_the_named_variable_and_never_show_it() {
    JmxCredentials credentials =
        JmxCredentials.from(spec("monitor", "JMX_PASSWORD"), Map.of("JMX_PASSWORD", SECRET))
            .orElseThrow();

    assertThat(credentials.asJmxCredentials()).containsExactly("monitor", SECRET);
    assertThat(credentials.toString()).contains("monitor", "JMX_PASSWORD").doesNotContain(SECRET);
  }

  @Test
  void should_say_which_variable_is_not_set() {
    assertThatThrownBy(() -> JmxCredentials.from(spec("monitor", "JMX_PASSWORD"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "The environment variable JMX_PASSWORD named by flow.compaction.jmx-password-env is"
                + " not set.");
  }

  @Test
  void should_want_both_the_user_and_the_password_variable() {
    assertThatThrownBy(() -> JmxCredentials.from(spec("monitor", null), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("flow.compaction.jmx-username is set but");
    assertThatThrownBy(() -> JmxCredentials.from(spec(null, "JMX_PASSWORD"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("flow.compaction.jmx-password-env is set but");
  }
}
