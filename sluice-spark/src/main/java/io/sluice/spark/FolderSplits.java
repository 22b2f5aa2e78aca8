package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.LocalJobState;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The splits' state in {@code splits/<split id>/} of the job's state folder on a filesystem that
 * every executor mounts: each split's {@code checkpoint.json}, {@code rejects.jsonl} and (a
 * validation's) {@code differences.jsonl}, as the CLI writes a job's.
 */
final class FolderSplits implements SplitStore {

  static final String SPLITS = "splits";

  private final Path splits;

  FolderSplits(Path stateDir) {
    this.splits = stateDir.resolve(SPLITS);
  }

  private LocalJobState split(String splitId) {
    String folder = URLEncoder.encode(splitId, StandardCharsets.UTF_8);
    return new LocalJobState(
        splits.resolve(folder), SplitLines.REJECTS.file, SplitLines.FINDINGS.file);
  }

  @Override
  public CheckpointStore checkpoint(String splitId) {
    return split(splitId).checkpoints();
  }

  @Override
  public LineStore openLines(String splitId, SplitLines kind, long keep) {
    LocalJobState split = split(splitId);
    return kind == SplitLines.REJECTS ? split.openLines(keep) : split.openFindings(keep);
  }

  @Override
  public Map<String, Checkpoint> splitCheckpoints() {
    Map<String, Checkpoint> saved = new TreeMap<>(SplitStore::splitOrder);
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

  @Override
  public void copyLines(String splitId, SplitLines kind, long mark, OutputStream to)
      throws IOException {
    Path lines = split(splitId).dir().resolve(kind.file);
    if (mark <= 0 || !Files.exists(lines)) {
      return;
    }
    try (InputStream from = Files.newInputStream(lines)) {
      byte[] buffer = new byte[64 * 1024];
      long left = mark;
      int read;
      while (left > 0 && (read = from.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
        to.write(buffer, 0, read);
        left -= read;
      }
    }
  }

  @Override
  public void clear() {
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

  @Override
  public String location() {
    return splits.toString();
  }

  @Override
  public void close() {}
}
