package io.sluice.core.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointFileTest {

  @TempDir Path dir;

  @Test
  void should_read_a_migration_checkpoint_written_before_validation_existed() throws IOException {
    // As a Sluice of that time wrote it (positions were numbers, no work figure, no validation).
    try (InputStream old = getClass().getResourceAsStream("checkpoint-before-validation.json")) {
      Files.write(dir.resolve("checkpoint.json"), old.readAllBytes());
    }

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
            0,
            1,
            java.time.Instant.parse("2026-11-23T00:00:00Z"),
            null));

    assertThat(file.load().orElseThrow().splits().get("t#0")).isEqualTo(split);
  }

  @Test
  void should_refuse_a_checkpoint_of_another_format_in_one_sentence_saying_what_to_do()
      throws IOException {
    Files.writeString(
        dir.resolve("checkpoint.json"), "{\"version\": 2, \"splits\": {}, \"runs\": 1}");

    assertThatThrownBy(() -> new CheckpointFile(dir).load())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith(
            "has format version 2, which this Sluice does not read; run with --fresh to start"
                + " over.");
  }

  @Test
  void should_refuse_a_validation_saved_with_its_rejects_and_findings_in_one_file()
      throws IOException {
    Files.writeString(
        dir.resolve("checkpoint.json"),
        "{\"version\": 1, \"splits\": {}, \"reject-file-length\": 1234, \"runs\": 1,"
            + " \"validation\": {\"sample-percent\": 100.0, \"extra-rows\": false,"
            + " \"key-runs\": 0, \"extra-rows-done\": false}}");

    assertThatThrownBy(() -> new CheckpointFile(dir).load())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith(
            "is of a validation an earlier Sluice saved, which listed rejects and findings in one"
                + " file; run validate with --fresh to start over.");
  }

  @Test
  void should_refuse_a_damaged_checkpoint_saying_what_to_do() throws IOException {
    Files.writeString(dir.resolve("checkpoint.json"), "{\"version\": 1, \"splits\": ");

    assertThatThrownBy(() -> new CheckpointFile(dir).load())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("The checkpoint ")
        .hasMessageEndingWith("run with --fresh to start over.");
  }
}
