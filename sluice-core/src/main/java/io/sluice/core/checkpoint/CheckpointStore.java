package io.sluice.core.checkpoint;

import java.util.Optional;

/**
 * Where a job's {@link Checkpoint} is kept. A save replaces the previous checkpoint as a whole: a
 * crash at any moment leaves either the old one or the new one. {@link CheckpointFile} keeps it in
 * the job's local state folder.
 */
public interface CheckpointStore {

  /**
   * The saved checkpoint, or empty when there is none.
   *
   * @throws IllegalStateException with a sentence saying what to do, when one exists but cannot be
   *     read (damaged, or written by a Sluice whose format this one does not read)
   */
  Optional<Checkpoint> load();

  /** Replaces the saved checkpoint. */
  void save(Checkpoint checkpoint);

  /** Where the checkpoint is, for messages. */
  String location();
}
