package io.sluice.core.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointFileTest {

  @TempDir Path dir;

  @Test
  void should_read_a_migration_checkpoint_written_before_validation_existed() throws IOException {
    Files.writeString(
        dir.resolve("checkpoint.json"),
        """
        {
          "version" : 1,
          "fingerprint" : { "sources" : "a", "target" : "b", "mapping" : "c" },
          "splits" : { "dump#0" : { "resource" : "people.bson", "start" : 0, "end" : 100,
                                    "position" : 40, "done" : false } },
          "counts" : { "records-read" : 4, "records-mapped" : 4, "records-filtered" : 0,
                       "rejected-decode" : 0, "rejected-mapping" : 0, "rows-produced" : 4,
                       "rows-written" : 4, "rows-failed" : 0, "retries" : 0, "bytes-read" : 40 },
          "reject-file-length" : 0,
          "runs" : 1,
          "updated" : "2024-06-30T00:00:00Z"
        }
        """);

    Checkpoint checkpoint = new CheckpointFile(dir).load().orElseThrow();

    assertThat(checkpoint.counts().rowsWritten()).isEqualTo(4);
    assertThat(checkpoint.counts().rowsMissing()).isZero();
    assertThat(checkpoint.validation()).isNull();
    assertThat(checkpoint.splits().get("dump#0").position()).isEqualTo("40");
    assertThat(checkpoint.splits().get("dump#0").workDone()).as("saved by later versions").isNull();
    assertThat(checkpoint.finished()).isFalse();
  }

  @Test
  void should_keep_a_sources_own_position_and_the_work_done_as_written() {
    CheckpointFile file = new CheckpointFile(dir);
    SplitCheckpoint split =
        new SplitCheckpoint("ks.t", -100, 100, "token=-42;pk=0a0b", 1_234L, false);
    file.save(
        new Checkpoint(
            Checkpoint.CURRENT_VERSION,
            new JobFingerprint("a", "b", "c"),
            java.util.Map.of("t#0", split),
            null,
            io.sluice.core.count.Counts.ZERO,
            0,
            1,
            java.time.Instant.parse("2026-11-23T00:00:00Z"),
            null));

    assertThat(file.load().orElseThrow().splits().get("t#0")).isEqualTo(split);
  }
}
