package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionTaskTest {

  @Test
  void should_count_every_kind_of_compaction_and_nothing_else() {
    List<CompactionTask> tasks =
        List.of(
            bytes("compaction", 0, 100),
            bytes("major compaction", 0, 100),
            bytes("tombstone compaction", 0, 100),
            bytes("Anticompaction", 0, 100),
            bytes("validation", 0, 100),
            bytes("cleanup", 0, 100),
            new CompactionTask("index build", 0, 100, "keys"),
            bytes("flush", 0, 100));

    assertThat(CompactionTask.countCompactions(tasks)).isEqualTo(4);
  }

  @Test
  void should_sum_the_bytes_compactions_have_left() {
    List<CompactionTask> tasks =
        List.of(
            bytes("compaction", 6_187_364, 12_374_566),
            bytes("compaction", 0, 1_000),
            new CompactionTask("compaction", 5, 10, "keys"),
            bytes("validation", 0, 1_000_000));

    assertThat(CompactionTask.compactionBytesRemaining(tasks)).isEqualTo(6_187_202 + 1_000);
  }

  @Test
  void should_never_count_negative_bytes_left() {
    assertThat(bytes("compaction", 120, 100).bytesRemaining()).isZero();
  }

  @Test
  void should_read_an_entry_of_the_jmx_compactions_attribute() {
    // As Cassandra 5.0.9 lists a running compaction (paths shortened).
    Map<String, String> entry =
        Map.of(
            "keyspace", "exp",
            "columnfamily", "t",
            "taskType", "Compaction",
            "completed", "88982",
            "total", "152395",
            "unit", "bytes",
            "sstables", "BigTableReader:big(path='.../nb-4-big-Data.db')",
            "compactionId", "225a8ce0-e722-11f1-8a77-eb3a97bca4d7");

    CompactionTask task = CompactionTask.fromJmx(entry);

    assertThat(task).isEqualTo(new CompactionTask("Compaction", 88_982, 152_395, "bytes"));
    assertThat(task.isCompaction()).isTrue();
    assertThat(task.bytesRemaining()).isEqualTo(63_413);
  }

  @Test
  void should_read_missing_or_unreadable_numbers_as_zero() {
    CompactionTask task = CompactionTask.fromJmx(Map.of("taskType", "Compaction", "total", "n/a"));

    assertThat(task).isEqualTo(new CompactionTask("Compaction", 0, 0, ""));
  }

  private static CompactionTask bytes(String kind, long progress, long total) {
    return new CompactionTask(kind, progress, total, "bytes");
  }
}
