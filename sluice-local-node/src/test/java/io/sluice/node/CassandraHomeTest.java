package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CassandraHomeTest {

  @TempDir Path dir;

  @Test
  void should_read_version_jars_and_jamm_agent_from_lib() throws IOException {
    Path lib = Files.createDirectories(dir.resolve("lib"));
    for (String jar :
        new String[] {"snakeyaml-2.1.jar", "cassandra-all-5.0.9.jar", "jamm-0.4.0.jar"}) {
      Files.createFile(lib.resolve(jar));
    }

    CassandraHome home = CassandraHome.locate(dir.toString(), Map.of());

    assertThat(home.version()).isEqualTo("5.0.9");
    assertThat(home.jammAgent()).isEqualTo(lib.resolve("jamm-0.4.0.jar"));
    assertThat(home.jars()).hasSize(3).first().isEqualTo(lib.resolve("cassandra-all-5.0.9.jar"));
  }

  @Test
  void should_fall_back_to_the_environment_variable() throws IOException {
    Files.createFile(
        Files.createDirectories(dir.resolve("lib")).resolve("cassandra-all-5.0.9.jar"));

    CassandraHome home =
        CassandraHome.locate(null, Map.of("SLUICE_CASSANDRA_HOME", dir.toString()));

    assertThat(home.dir()).isEqualTo(dir);
  }

  @Test
  void should_tell_how_to_get_cassandra_when_nothing_is_set() {
    assertThatThrownBy(() -> CassandraHome.locate(null, Map.of()))
        .isInstanceOf(LocalNodeException.class)
        .hasMessage(
            "Cannot find Apache Cassandra: run ./mvnw package in the Sluice source folder (it"
                + " fetches Cassandra from Maven Central) or set SLUICE_CASSANDRA_HOME to a folder"
                + " whose lib/ holds cassandra-all-*.jar.");
  }

  @Test
  void should_tell_how_to_get_cassandra_when_lib_has_no_cassandra_jar() {
    assertThatThrownBy(
            () -> CassandraHome.locate(null, Map.of("SLUICE_CASSANDRA_HOME", dir.toString())))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageStartingWith(
            "No cassandra-all jar in " + dir.resolve("lib") + " (from SLUICE_CASSANDRA_HOME)")
        .hasMessageContaining("./mvnw package");
  }
}
