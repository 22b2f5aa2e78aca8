package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.TargetSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionFactoryTest {

  @TempDir Path dir;

  private static ClusterSpec target(String env, String file) {
    return new TargetSpec(null, null, null, "ks", "t", "loader", env, file, null, null, null)
        .cluster();
  }

  @Test
  void should_read_password_from_named_environment_variable() {
    assertThat(SessionFactory.password(target("DB_PW", null), dir, Map.of("DB_PW", "s3cret")))
        .isEqualTo("s3cret");
  }

  @Test
  void should_read_password_from_first_line_of_file() throws Exception {
    Files.writeString(dir.resolve("pw"), "s3cret\nignored\n");

    assertThat(SessionFactory.password(target(null, "pw"), dir, Map.of())).isEqualTo("s3cret");
  }

  @Test
  void should_name_the_missing_variable_but_never_a_value() {
    assertThatThrownBy(() -> SessionFactory.password(target("DB_PW", null), dir, Map.of()))
        .hasMessage("The environment variable DB_PW named by target.password-env is not set.");
  }

  @Test
  void should_refuse_a_username_without_password_source() {
    assertThatThrownBy(() -> SessionFactory.password(target(null, null), dir, Map.of()))
        .hasMessageContaining("password-env or target.password-file");
  }

  @Test
  void should_parse_contact_points_with_and_without_port() {
    assertThat(SessionFactory.parse("10.0.0.5").getPort()).isEqualTo(9042);
    assertThat(SessionFactory.parse("127.0.0.1:19042").getPort()).isEqualTo(19042);
    assertThatThrownBy(() -> SessionFactory.parse("host:port"))
        .hasMessageContaining("host or host:port");
  }
}
