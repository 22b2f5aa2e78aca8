package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.flags.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice proxy status} prints what a running proxy's status answer holds. */
class ProxyStatusTextTest {

  @TempDir Path dir;

  @Test
  void should_print_serving_cluster_nodes_backlog_and_mismatch_rates() throws Exception {
    String status =
        "{\"serving-reads\":\"primary\","
            + "\"clusters\":{\"primary\":{\"nodes-up\":3,\"nodes-known\":3},"
            + "\"secondary\":{\"nodes-up\":0,\"nodes-known\":1}},"
            + "\"secondary-failure\":\"log\","
            + "\"replay-log\":{\"backlog-writes\":1234,\"backlog-bytes\":2097152,"
            + "\"oldest-write\":\"2026-11-25T20:00:00Z\",\"logged\":1300,\"replayed\":66,"
            + "\"refused\":0,\"lost\":0,\"lost-from\":null,\"lost-until\":null},"
            + "\"shadow-reads\":{\"shop.orders\":{\"equal\":975,\"different\":20,"
            + "\"missing_on_secondary\":5,\"extra_on_secondary\":0,\"rows\":1000,"
            + "\"mismatch-rate\":0.025}}}";

    String text = ProxyStatusText.of(status);

    assertThat(text)
        .contains("Reads served by: primary")
        .contains("primary:   3 of 3 nodes up")
        .contains("secondary: 0 of 1 nodes up  <-- DOWN NODES")
        .contains("Replay log: 1234 writes waiting (2.0 MiB), oldest from 2026-11-25T20:00:00Z")
        .contains("1300 kept, 66 replayed, 0 refused on replay, 0 lost")
        .doesNotContain("LOST writes")
        .contains("Shadow reads since the proxy started:")
        .containsPattern("shop\\.orders +1000 +975 +20 +5 +0 +2\\.500%");
  }

  @Test
  void should_say_when_writes_were_lost_and_what_to_run() throws Exception {
    String status =
        "{\"serving-reads\":\"secondary\",\"clusters\":{},\"replay-log\":{\"backlog-writes\":0,"
            + "\"lost\":7,\"lost-from\":\"2026-11-25T20:00:00Z\","
            + "\"lost-until\":\"2026-11-25T20:05:00Z\"},\"shadow-reads\":{}}";

    assertThat(ProxyStatusText.of(status))
        .contains("Reads served by: secondary")
        .contains("primary:   not connected")
        .contains(
            "LOST writes were made between 2026-11-25T20:00:00Z and 2026-11-25T20:05:00Z: run"
                + " `sluice validate --repair`")
        .contains("Shadow reads: no rows compared since the proxy started");
  }

  @Test
  void should_name_each_uncertain_write_with_its_key_and_delta() throws Exception {
    String status =
        "{\"serving-reads\":\"primary\",\"clusters\":{},\"replay-log\":{\"backlog-writes\":0,"
            + "\"uncertain\":1,\"uncertain-file\":\"state/uncertain-writes.jsonl\","
            + "\"uncertain-writes\":[{\"cluster\":\"secondary\",\"made-at\":"
            + "\"2026-11-27T10:00:00Z\",\"write\":\"UPDATE shop.hits SET n = n + 5 WHERE page ="
            + " 'home'\"}]},\"shadow-reads\":{}}";

    assertThat(ProxyStatusText.of(status))
        .contains("UNCERTAIN: 1 writes timed out")
        .contains("all are in state/uncertain-writes.jsonl")
        .contains(
            "2026-11-27T10:00:00Z for the secondary: UPDATE shop.hits SET n = n + 5 WHERE page ="
                + " 'home'");
    assertThat(ProxyStatusText.of(status.replace("\"uncertain\":1", "\"uncertain\":0")))
        .doesNotContain("UNCERTAIN");
  }

  @Test
  void should_ask_for_an_admin_section() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("proxy.yaml"),
            "primary:\n  contact-points: [127.0.0.1:9042]\n"
                + "secondary:\n  contact-points: [127.0.0.1:9043]\n");

    CliRun run = CliRun.of("proxy", "status", file.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(run.err()).contains("has no 'admin:' section");
  }
}
