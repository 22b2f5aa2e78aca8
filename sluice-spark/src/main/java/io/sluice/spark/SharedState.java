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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A job's state in a folder that the driver and every executor reach (a shared mount): each split
 * keeps its own checkpoint and reject lines in {@code splits/<split id>/}, saved by the task that
 * runs it, so tasks never write the same file. The driver reads them all as one checkpoint to plan
 * a resumed run, and keeps the job's report and its gathered reject lines at the top.
 */
final class SharedState implements JobState {

  static final String SPLITS = "splits";

  private final Path dir;
  private final LocalJobState documents;

  SharedState(Path dir) {
    this.dir = dir;
    this.documents = new LocalJobState(dir, LocalJobState.REJECTS);
  }

  Path dir() {
    return dir;
  }

  /** Where one split keeps its checkpoint and reject lines. */
  LocalJobState split(String splitId) {
    String folder = URLEncoder.encode(splitId, StandardCharsets.UTF_8);
    return new LocalJobState(dir.resolve(SPLITS).resolve(folder), LocalJobState.REJECTS);
  }

  /** Forgets every split's progress, for a run with {@code --fresh}. */
  void clearSplits() {
    Path splits = dir.resolve(SPLITS);
    if (!Files.exists(splits)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(splits)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot clear " + splits + ": " + e.getMessage(), e);
    }
  }

  /** Every split's own checkpoint, by split id, in the order of source name and split index. */
  Map<String, Checkpoint> splitCheckpoints() {
    Path splits = dir.resolve(SPLITS);
    Map<String, Checkpoint> saved = new TreeMap<>(SharedState::splitOrder);
    if (!Files.isDirectory(splits)) {
      return saved;
    }
    try (Stream<Path> folders = Files.list(splits)) {
      for (Path folder : folders.sorted().toList()) {
        new LocalJobState(folder, LocalJobState.REJECTS)
            .checkpoints()
            .load()
            .ifPresent(
                checkpoint ->
                    checkpoint.splits().keySet().forEach(id -> saved.put(id, checkpoint)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + splits + ": " + e.getMessage(), e);
    }
    return saved;
  }

  private static int splitOrder(String a, String b) {
    int hashA = a.lastIndexOf('#');
    int hashB = b.lastIndexOf('#');
    int bySource = a.substring(0, hashA + 1).compareTo(b.substring(0, hashB + 1));
    if (bySource != 0 || hashA < 0 || hashB < 0) {
      return bySource != 0 ? bySource : a.compareTo(b);
    }
    try {
      return Integer.compare(
          Integer.parseInt(a.substring(hashA + 1)), Integer.parseInt(b.substring(hashB + 1)));
    } catch (NumberFormatException e) {
      return a.compareTo(b);
    }
  }

  /** The splits' checkpoints read as one, the job's: their progress, and their counts summed. */
  Optional<Checkpoint> merged() {
    Map<String, Checkpoint> saved = splitCheckpoints();
    if (saved.isEmpty()) {
      return Optional.empty();
    }
    Checkpoint first = saved.values().iterator().next();
    Map<String, SplitCheckpoint> splits = new HashMap<>();
    Map<String, String> resources = new HashMap<>();
    Counts counts = Counts.ZERO;
    int runs = 0;
    Instant updated = Instant.EPOCH;
    for (Map.Entry<String, Checkpoint> entry : saved.entrySet()) {
      Checkpoint checkpoint = entry.getValue();
      if (!checkpoint.fingerprint().equals(first.fingerprint())) {
        throw new JobFileException(
            "The splits saved in "
                + dir.resolve(SPLITS)
                + " belong to different versions of the job; run with --fresh to start over.");
      }
      splits.put(entry.getKey(), checkpoint.splits().get(entry.getKey()));
      resources.putAll(checkpoint.resources());
      counts = counts.plus(checkpoint.counts());
      runs = Math.max(runs, checkpoint.runs());
      updated = checkpoint.updated().isAfter(updated) ? checkpoint.updated() : updated;
    }
    return Optional.of(
        new Checkpoint(
            Checkpoint.CURRENT_VERSION,
            first.fingerprint(),
            splits,
            resources,
            counts,
            0,
            runs,
            updated,
            null));
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
        return dir.resolve(SPLITS).toString();
      }
    };
  }

  @Override
  public LineStore openLines(long keep) {
    return documents.openLines(keep);
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
