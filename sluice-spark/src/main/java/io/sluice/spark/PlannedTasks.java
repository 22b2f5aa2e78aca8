package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Counts;
import io.sluice.core.run.PlannedSource;
import io.sluice.core.source.ContentDigest;
import io.sluice.core.source.Split;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Spark tasks of a planned run: one for every split not done yet, table by table (a keyspace's
 * largest table first) and in plan order within a table. A split no run has saved yet gets its
 * checkpoint here, before any task runs, so that the shared state always holds the whole plan and a
 * resumed run is checked against it as the CLI's checkpoint is.
 */
final class PlannedTasks {

  private PlannedTasks() {}

  static List<SplitTask> of(
      JobArgs args,
      SparkWorkflow workflow,
      StateLocation location,
      SplitStore splits,
      DriverPlan plan,
      Checkpoint earlier) {
    Counts before = earlier == null ? Counts.ZERO : earlier.counts();
    List<SplitTask> tasks = new ArrayList<>();
    Map<String, String> digests = new HashMap<>();
    for (DriverPlan.TableSplits table : plan.tablesInRunOrder()) {
      for (int i = 0; i < table.sources().size(); i++) {
        PlannedSource source = table.sources().get(i);
        for (Split split : source.splits()) {
          SplitCheckpoint saved = earlier == null ? null : earlier.splits().get(split.id());
          if (saved != null && saved.done()) {
            continue;
          }
          // A file's digest, computed once for all of its splits.
          Map<String, String> digest = new HashMap<>();
          source
              .source()
              .file(split.resource())
              .ifPresent(
                  file ->
                      digest.put(
                          split.resource(),
                          digests.computeIfAbsent(split.resource(), r -> ContentDigest.of(file))));
          if (saved == null) {
            register(splits, split, plan.fingerprint(), digest);
          }
          tasks.add(
              SplitTask.of(
                  args,
                  workflow,
                  location,
                  table.table(),
                  i,
                  split,
                  digest,
                  plan.fingerprint(),
                  table.fingerprint(),
                  before.rejected(),
                  before.recordsRead()));
        }
      }
    }
    return tasks;
  }

  private static void register(
      SplitStore splits, Split split, JobFingerprint fingerprint, Map<String, String> digest) {
    splits
        .checkpoint(split.id())
        .save(
            new Checkpoint(
                Checkpoint.CURRENT_VERSION,
                fingerprint,
                Map.of(
                    split.id(),
                    new SplitCheckpoint(
                        split.resource(), split.start(), split.end(), null, 0L, false)),
                digest,
                Counts.ZERO,
                0,
                0,
                0,
                Instant.now(),
                null));
  }
}
