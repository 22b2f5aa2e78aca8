package io.sluice.core.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A place records come from: a set of files or a table.
 *
 * <p>Lifecycle: a source is created from its {@link SourceSpec} by a {@link SourceProvider}, {@link
 * #plan planned} once, then each split is {@link #open opened} by one worker. Readers of different
 * splits run concurrently, so {@link #open} must be thread-safe. {@link #close} releases anything
 * the source holds once all readers are closed.
 */
public interface Source extends AutoCloseable {

  /** The source's name in the job, used in reports, rejects and checkpoints. */
  String name();

  /**
   * Splits the source into deterministic slices. Planning an unchanged source twice gives equal
   * splits, so a checkpoint written for one plan applies to the next.
   */
  List<Split> plan() throws IOException;

  /** Opens a reader positioned at the start of the split. */
  SplitReader open(Split split) throws IOException;

  /**
   * The local file a split's resource names, if it is one. A resumed run compares its {@link
   * ContentDigest} with the one saved, to refuse a file replaced by another of the same size.
   */
  default Optional<Path> file(String resource) {
    return Optional.empty();
  }

  @Override
  default void close() throws IOException {}
}
