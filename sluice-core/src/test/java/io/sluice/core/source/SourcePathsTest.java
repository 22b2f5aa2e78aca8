package io.sluice.core.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Paths a job names: local ones as before, remote URIs only where a runtime reads them. */
class SourcePathsTest {

  @Test
  void should_resolve_local_paths_against_the_job_folder() {
    Path base = Path.of("/jobs/shop");
    assertThat(SourcePaths.resolve(base, "dump/orders.bson"))
        .isEqualTo(Path.of("/jobs/shop/dump/orders.bson"));
    assertThat(SourcePaths.resolve(base, "/data/orders.bson"))
        .isEqualTo(Path.of("/data/orders.bson"));
    assertThat(SourcePaths.resolve(base, "file:///data/orders.bson"))
        .isEqualTo(Path.of("/data/orders.bson"));
  }

  @Test
  void should_send_a_remote_path_to_spark_where_nothing_reads_it() {
    assertThatThrownBy(() -> SourcePaths.of("hdfs://namenode:8020/dump/orders.bson"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hdfs://namenode:8020/dump/orders.bson")
        .hasMessageContaining("spark-submit");
  }

  @Test
  void should_refuse_a_key_in_a_path_without_repeating_it() {
    assertThatThrownBy(() -> SourcePaths.of("s3a://AKIAEXAMPLE:s3cr3t@bucket/dump"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Hadoop's configuration")
        .message()
        .doesNotContain("s3cr3t")
        .doesNotContain("AKIAEXAMPLE");
  }

  @Test
  void should_give_the_uri_of_a_remote_path_only() {
    assertThat(SourcePaths.remoteUri("hdfs://namenode:8020/exports/orders"))
        .hasScheme("hdfs")
        .hasAuthority("namenode:8020")
        .hasPath("/exports/orders");
    assertThat(SourcePaths.remoteUri("exports/orders")).isNull();
    assertThat(SourcePaths.remoteUri("file:///exports/orders")).isNull();
    assertThatThrownBy(() -> SourcePaths.remoteUri("s3a://AKIAEXAMPLE:s3cr3t@bucket/exports"))
        .isInstanceOf(IllegalArgumentException.class)
        .message()
        .doesNotContain("s3cr3t")
        .doesNotContain("AKIAEXAMPLE");
  }
}
