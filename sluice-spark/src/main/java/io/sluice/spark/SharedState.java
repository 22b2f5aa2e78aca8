package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Counts;
import io.sluice.core.job.JobFileException;
import io.sluice.core.state.JobState;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.LocalJobState;
import io.sluice.core.state.SortedKeyRuns;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A job's state as the Spark driver sees it: the splits' checkpoints, where every executor keeps
 * them ({@link SplitStore}), read as one checkpoint of the job to plan a resumed run; and the job's
 * report and gathered reject lines and findings in the job's state folder on the driver's own disk.
 */
final class SharedState implements JobState {

  private final SplitStore splits;
  private final LocalJobState documents;
  private final SplitTables tables;

  /**
   * @param documents the job's state folder on the driver, as a local run of the same command keeps
   *     it: the splits' lines are gathered in its files
   * @param tables which table each split belongs to, for the counts of a job of several tables
   */
  SharedState(SplitStore splits, LocalJobState documents, SplitTables tables) {
    this.splits = splits;
    this.documents = documents;
    this.tables = tables;
  }

  SplitStore splits() {
    return splits;
  }

  Path dir() {
    return documents.dir();
  }

  /**
   * The splits' checkpoints read as one, the job's: their progress, and their counts summed, for a
   * job of several tables also table by table.
   */
  Optional<Checkpoint> merged() {
    Map<String, Checkpoint> saved = splits.splitCheckpoints();
    if (saved.isEmpty()) {
      return Optional.empty();
    }
    Checkpoint first = saved.values().iterator().next();
    Map<String, SplitCheckpoint> progress = new HashMap<>();
    Map<String, String> resources = new HashMap<>();
    Counts counts = Counts.ZERO;
    Map<String, Counts> byTable = new LinkedHashMap<>();
    if (tables.several()) {
      tables.tableOfSource().values().forEach(table -> byTable.put(table, Counts.ZERO));
    }
    int runs = 0;
    Instant updated = Instant.EPOCH;
    for (Map.Entry<String, Checkpoint> entry : saved.entrySet()) {
      Checkpoint checkpoint = entry.getValue();
      if (!checkpoint.fingerprint().equals(first.fingerprint())) {
        throw new JobFileException(
            "The splits saved in "
                + splits.location()
                + " belong to different versions of the job; run with --fresh to start over.");
      }
      progress.put(entry.getKey(), checkpoint.splits().get(entry.getKey()));
      resources.putAll(checkpoint.resources());
      counts = counts.plus(checkpoint.counts());
      String table = tables.several() ? tables.tableOfSplit(entry.getKey()) : null;
      if (table != null) {
        byTable.put(table, byTable.get(table).plus(checkpoint.counts()));
      }
      runs = Math.max(runs, checkpoint.runs());
      updated = checkpoint.updated().isAfter(updated) ? checkpoint.updated() : updated;
    }
    return Optional.of(
        new Checkpoint(
            Checkpoint.CURRENT_VERSION,
            first.fingerprint(),
            progress,
            resources,
            counts,
            0,
            0,
            runs,
            updated,
            null,
            byTable));
  }

  @Override
  public CheckpointStore checkpoints() {
    return new CheckpointStore() {
      @Override
      public Optional<Checkpoint> load() {
        return merged();
      }

      @Override
      public void save(Checkpoint checkpoint) {
        throw new UnsupportedOperationException("each split saves its own checkpoint");
      }

      @Override
      public String location() {
        return splits.location();
      }
    };
  }

  @Override
  public LineStore openLines(long keep) {
    return documents.openLines(keep);
  }

  @Override
  public LineStore openFindings(long keep) {
    return documents.openFindings(keep);
  }

  @Override
  public SortedKeyRuns openKeyRuns(String name, int runSize, int keep) {
    return documents.openKeyRuns(name, runSize, keep);
  }

  @Override
  public void saveDocument(String name, byte[] content) {
    documents.saveDocument(name, content);
  }

  @Override
  public void appendDocument(String name, byte[] content) {
    documents.appendDocument(name, content);
  }

  @Override
  public Optional<byte[]> readDocument(String name) {
    return documents.readDocument(name);
  }

  @Override
  public String location(String name) {
    return documents.location(name);
  }
}
