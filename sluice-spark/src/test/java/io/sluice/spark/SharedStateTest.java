package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.state.LocalJobState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver reads the splits' checkpoints as the job's: their counts summed, and for a job of
 * several tables summed table by table too, each split counted in the table its source is named
 * after.
 */
class SharedStateTest {

  private static final JobFingerprint FINGERPRINT = new JobFingerprint("s", "t", "m");

  @TempDir Path dir;

  @Test
  void should_sum_each_tables_splits_apart_in_a_job_of_several_tables() {
    FolderSplits splits = new FolderSplits(dir);
    save(splits, "orders#0", 10);
    save(splits, "orders#1", 5);
    save(splits, "profiles#0", 7);
    save(splits, "profiles#12", 1);
    Map<String, String> tableOfSource = new LinkedHashMap<>();
    tableOfSource.put("profiles", "profiles");
    tableOfSource.put("orders", "orders_copy");
    tableOfSource.put("empty", "empty");

    Checkpoint merged = state(splits, new SplitTables(tableOfSource, true)).merged().orElseThrow();

    assertThat(merged.counts().rowsWritten()).isEqualTo(23);
    assertThat(merged.tables()).containsOnlyKeys("profiles", "orders_copy", "empty");
    assertThat(merged.tables().get("orders_copy").rowsWritten()).isEqualTo(15);
    assertThat(merged.tables().get("profiles").rowsWritten()).isEqualTo(8);
    assertThat(merged.tables().get("empty")).isEqualTo(Counts.ZERO);
    assertThat(merged.splits()).hasSize(4);
  }

  @Test
  void should_keep_no_counts_per_table_for_a_job_of_one_table() {
    FolderSplits splits = new FolderSplits(dir);
    save(splits, "dump#0", 3);
    save(splits, "csv#0", 4);

    Checkpoint merged =
        state(splits, new SplitTables(Map.of("dump", "people", "csv", "people"), false))
            .merged()
            .orElseThrow();

    assertThat(merged.counts().rowsWritten()).isEqualTo(7);
    assertThat(merged.tables()).isEmpty();
  }

  private SharedState state(FolderSplits splits, SplitTables tables) {
    return new SharedState(splits, LocalJobState.ofDocuments(dir), tables);
  }

  private static void save(FolderSplits splits, String id, long rows) {
    splits
        .checkpoint(id)
        .save(
            new Checkpoint(
                Checkpoint.CURRENT_VERSION,
                FINGERPRINT,
                Map.of(id, new SplitCheckpoint("r", 0, 10, "10", 10L, true)),
                Map.of(),
                Counts.ZERO.with(Count.RECORDS_READ, rows).with(Count.ROWS_WRITTEN, rows),
                0,
                0,
                1,
                Instant.EPOCH,
                null));
  }
}
