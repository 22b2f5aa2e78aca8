package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaRuntimeTest {

  @TempDir Path dir;

  @Test
  void should_read_feature_versions() {
    assertThat(JavaRuntime.majorVersion("17.0.15")).isEqualTo(17);
    assertThat(JavaRuntime.majorVersion("11")).isEqualTo(11);
    assertThat(JavaRuntime.majorVersion("1.8.0_292")).isEqualTo(8);
    assertThat(JavaRuntime.majorVersion("25-ea")).isEqualTo(25);
    assertThat(JavaRuntime.majorVersion("garbage")).isEqualTo(-1);
  }

  @Test
  void should_read_the_version_from_a_release_file_or_java_version_output() {
    assertThat(
            JavaRuntime.versionFromRelease("IMPLEMENTOR=\"Eclipse\"\nJAVA_VERSION=\"17.0.15\"\n"))
        .hasValue("17.0.15");
    assertThat(
            JavaRuntime.versionFromOutput(
                "openjdk version \"11.0.22\" 2024-01-16\nOpenJDK Runtime Environment"))
        .hasValue("11.0.22");
  }

  @Test
  void should_accept_java_17_asked_for() throws IOException {
    Path home = fakeJavaHome("17.0.15");

    JavaRuntime java = JavaRuntime.find(home, Map.of("JAVA_HOME", "/elsewhere"), "/running");

    assertThat(java.majorVersion()).isEqualTo(17);
    assertThat(java.executable()).isEqualTo(home.resolve("bin/java"));
  }

  @Test
  void should_take_java_home_before_the_running_java() throws IOException {
    Path home = fakeJavaHome("11.0.22");

    JavaRuntime java = JavaRuntime.find(null, Map.of("JAVA_HOME", home.toString()), "/running");

    assertThat(java.home()).isEqualTo(home);
  }

  @Test
  void should_refuse_a_java_version_cassandra_does_not_run_on() throws IOException {
    Path home = fakeJavaHome("21.0.2");

    assertThatThrownBy(() -> JavaRuntime.find(null, Map.of("JAVA_HOME", home.toString()), "/x"))
        .isInstanceOf(LocalNodeException.class)
        .hasMessage(
            "Cassandra 5.0 runs on Java 11 or 17, but "
                + home.resolve("bin/java")
                + " (from JAVA_HOME) is Java 21.0.2; point JAVA_HOME or --java-home at a Java 17"
                + " installation.");
  }

  @Test
  void should_refuse_a_missing_java() {
    Path home = dir.resolve("no-java");

    assertThatThrownBy(() -> JavaRuntime.find(home, Map.of(), "/x"))
        .isInstanceOf(LocalNodeException.class)
        .hasMessage(
            "No runnable Java at "
                + home.resolve("bin/java")
                + " (from --java-home); install Java 17 and point JAVA_HOME or --java-home at it.");
  }

  private Path fakeJavaHome(String version) throws IOException {
    Path home = dir.resolve("jdk-" + version);
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.writeString(java, "#!/bin/sh\nexit 1\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
    return home;
  }
}
