package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CassandraJvmTest {

  @Test
  void should_take_the_options_of_the_variable_separated_by_spaces() {
    assertThat(CassandraJvm.userOptions(" -Xmx2g  -XX:TieredStopAtLevel=1\t-Dfoo=bar "))
        .containsExactly("-Xmx2g", "-XX:TieredStopAtLevel=1", "-Dfoo=bar");
  }

  @Test
  void should_take_no_options_when_the_variable_is_unset_or_blank() {
    assertThat(CassandraJvm.userOptions(null)).isEmpty();
    assertThat(CassandraJvm.userOptions("  ")).isEmpty();
  }
}
