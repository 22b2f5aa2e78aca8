package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.job.CompactionSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BacklogProbesTest {

  private static final String SECRET = "s3cr3t-jmx";

  @Test
  void should_read_no_backlog_when_the_watch_is_turned_off() {
    CompactionSpec off = new CompactionSpec(null, null, 7199, null, null, null, false);

    // The session is not needed: nothing is read.
    try (BacklogProbe probe = BacklogProbes.open(null, off, Map.of())) {
      assertThat(probe.signal()).isEqualTo(BacklogProbe.none().signal());
      assertThat(probe.read()).isEmpty();
    }
  }

  @Test
  void should_say_in_one_sentence_where_jmx_failed_and_how_to_fix_it_or_do_without() {
    String message =
        BacklogProbes.unreachableMessage(
            7299,
            List.of(
                NodeReading.failed(
                    "127.0.0.1:9042",
                    "JMX at 127.0.0.1:7299 was not reachable (connection refused)")),
            Optional.empty());

    assertThat(message)
        .startsWith(
            "JMX at 127.0.0.1:7299 was not reachable (connection refused), so the compaction"
                + " backlog cannot be watched: check flow.compaction.jmx-port")
        .endsWith(
            "or remove flow.compaction.jmx-port to watch running compactions over CQL instead.")
        .doesNotContain(". ");
  }

  @Test
  void should_count_the_other_failed_nodes_and_name_the_credentials_without_the_password() {
    JmxCredentials credentials =
        JmxCredentials.from(
                new CompactionSpec(null, null, 7199, "monitor", "JMX_PASSWORD", null, null),
                Map.of("JMX_PASSWORD", SECRET))
            .orElseThrow();

    String message =
        BacklogProbes.unreachableMessage(
            7199,
            List.of(
                NodeReading.failed("10.0.0.1:9042", "JMX at 10.0.0.1:7199 refused the credentials"),
                NodeReading.failed("10.0.0.2:9042", "JMX at 10.0.0.2:7199 refused the credentials"),
                NodeReading.failed(
                    "10.0.0.3:9042", "JMX at 10.0.0.3:7199 refused the credentials")),
            Optional.of(credentials));

    assertThat(message)
        .startsWith(
            "JMX at 10.0.0.1:7199 refused the credentials, nor could the 2 other node(s) be read")
        .contains("the user monitor and the password in $JMX_PASSWORD")
        .doesNotContain(SECRET);
  }
}
