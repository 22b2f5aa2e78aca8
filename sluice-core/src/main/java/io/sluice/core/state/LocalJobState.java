package io.sluice.core.state;

import io.sluice.core.checkpoint.CheckpointFile;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.job.JobSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A run's state in a local folder: {@code checkpoint.json}, the reject file, the findings file, key
 * runs in folders of their own, and reports, each replaced atomically. A migration keeps its state
 * in the job's state folder with rejects in {@code rejects.jsonl}; a validation in that folder's
 * {@code validate} folder, with its rejects in {@code rejects.jsonl} and its findings alone in
 * {@code differences.jsonl}.
 */
public final class LocalJobState implements JobState {

  /** The file of a migration's rejects. */
  public static final String REJECTS = "rejects.jsonl";

  /** The file of a validation's findings. */
  public static final String DIFFERENCES = "differences.jsonl";

  private final Path dir;
  private final String linesName;
  private final String findingsName;

  /**
   * A folder whose runs list rejects only.
   *
   * @param dir the folder
   * @param linesName the reject file's name in it
   */
  public LocalJobState(Path dir, String linesName) {
    this(dir, linesName, null);
  }

  /**
   * @param dir the folder
   * @param linesName the reject file's name in it
   * @param findingsName the findings file's name in it, or null when its runs find nothing
   */
  public LocalJobState(Path dir, String linesName, String findingsName) {
    this.dir = dir;
    this.linesName = linesName;
    this.findingsName = findingsName;
  }

  /** Where a migration of the job keeps its state. */
  public static LocalJobState ofMigration(JobSpec job) {
    return new LocalJobState(job.stateDir(), REJECTS);
  }

  /** Where a validation of the job keeps its state. */
  public static LocalJobState ofValidation(JobSpec job) {
    return new LocalJobState(job.stateDir().resolve("validate"), REJECTS, DIFFERENCES);
  }

  /** A folder that keeps only documents, such as the proxy's timeline: it has no reject lines. */
  public static LocalJobState ofDocuments(Path dir) {
    return new LocalJobState(dir, REJECTS);
  }

  /** The folder. */
  public Path dir() {
    return dir;
  }

  @Override
  public CheckpointStore checkpoints() {
    return new CheckpointFile(dir);
  }

  @Override
  public LineStore openLines(long keep) {
    return new RejectFile(dir.resolve(linesName), keep);
  }

  @Override
  public LineStore openFindings(long keep) {
    return findingsName == null
        ? new NoFindings()
        : new RejectFile(dir.resolve(findingsName), keep);
  }

  @Override
  public SortedKeyRuns openKeyRuns(String name, int runSize, int keep) {
    return new SortedKeyRuns(dir.resolve(name), runSize, keep);
  }

  @Override
  public void saveDocument(String name, byte[] content) {
    Path file = dir.resolve(name);
    try {
      Files.createDirectories(dir);
      Path temp = dir.resolve(name + ".tmp");
      Files.write(temp, content);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + file, e);
    }
  }

  @Override
  public void appendDocument(String name, byte[] content) {
    Path file = dir.resolve(name);
    try {
      Files.createDirectories(dir);
      Files.write(file, content, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + file, e);
    }
  }

  @Override
  public Optional<byte[]> readDocument(String name) {
    Path file = dir.resolve(name);
    try {
      return Files.exists(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file, e);
    }
  }

  @Override
  public String location(String name) {
    return dir.resolve(name).toString();
  }
}
