package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CassandraJvmTest {

  @Test
  void should_take_the_options_of_the_variable_separated_by_spaces() {
    assertThat(CassandraJvm.userOptions(" -Xmx2g  -XX:TieredStopAtLevel=1\t-Dfoo=bar "))
        .containsExactly("-Xmx2g", "-XX:TieredStopAtLevel=1", "-Dfoo=bar");
  }

  @Test
  void should_compile_a_writer_with_c1_alone_up_to_its_limit_of_source() {
    long limit = CassandraJvm.QUICK_COMPILER_MAX_BYTES;
    assertThat(CassandraJvm.writerCompiler(OptionalLong.of(55_000_000)))
        .containsExactly("-XX:TieredStopAtLevel=1");
    assertThat(CassandraJvm.writerCompiler(OptionalLong.of(limit)))
        .containsExactly("-XX:TieredStopAtLevel=1");
    assertThat(CassandraJvm.writerCompiler(OptionalLong.of(limit + 1))).isEmpty();
    assertThat(CassandraJvm.writerCompiler(OptionalLong.empty())).isEmpty();
  }

  @Test
  void should_take_no_options_when_the_variable_is_unset_or_blank() {
    assertThat(CassandraJvm.userOptions(null)).isEmpty();
    assertThat(CassandraJvm.userOptions("  ")).isEmpty();
  }
}
