package io.sluice.core.state;

import io.sluice.core.checkpoint.CheckpointStore;
import java.util.Optional;

/**
 * Where a run keeps its state: the checkpoint, the reject lines, the findings, the sorted key runs
 * of a validation, and its reports. {@link LocalJobState} keeps them in the job's local state
 * folder; the runner names no path, so another implementation can keep them elsewhere.
 */
public interface JobState {

  /** The run's checkpoint. */
  CheckpointStore checkpoints();

  /**
   * Opens the run's reject lines, keeping those below {@code keep}: the {@link LineStore#mark()} a
   * checkpoint saved, 0 to start empty.
   */
  LineStore openLines(long keep);

  /**
   * Opens the run's findings (what its sink found about rows: a validation's differences), apart
   * from its rejects, keeping those below {@code keep}: the mark a checkpoint saved, 0 to start
   * empty. A run whose sink finds nothing (a migration) gets a store that takes no line.
   */
  LineStore openFindings(long keep);

  /**
   * Opens the sorted key runs called {@code name}, keeping the first {@code keep} runs (0 to start
   * empty), with at most {@code runSize} keys in memory.
   */
  SortedKeyRuns openKeyRuns(String name, int runSize, int keep);

  /** Saves a document of the run, such as its report, replacing one of the same name. */
  void saveDocument(String name, byte[] content);

  /** Adds {@code content} at the end of a document, creating it if there is none. */
  void appendDocument(String name, byte[] content);

  /** A document saved earlier, or empty if there is none. */
  Optional<byte[]> readDocument(String name);

  /** Where a document of the run is kept, for a person to read. */
  String location(String name);
}
