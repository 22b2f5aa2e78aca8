package io.sluice.core.source;

import java.nio.file.Path;
import java.util.Set;

/**
 * Creates sources of one type. Implementations register in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}, so adding a format is adding a module.
 */
public interface SourceProvider {

  /** The {@code type} a job file names to select this provider, such as {@code bson}. */
  String type();

  /**
   * The settings record a source of this type reads its {@code options:} into, with {@link
   * io.sluice.core.job.JobFiles#readPart}: each component a {@link io.sluice.core.job.Setting}. The
   * settings reference is generated from it.
   */
  Class<? extends java.lang.Record> optionsType();

  /**
   * Creates the source described by {@code spec}.
   *
   * @param spec the source's part of the job file
   * @param baseDir the folder relative paths in the spec are resolved against
   * @throws IllegalArgumentException with a one-sentence message when the spec is invalid
   */
  Source create(SourceSpec spec, Path baseDir);

  /**
   * The tables a source that names several reads (a keyspace's, with {@code tables:}), each as the
   * spec of a source of that one table; {@link SourceTables#NONE} for a source of one table or of
   * files, which is the default.
   *
   * @throws IllegalArgumentException with a one-sentence message when they cannot be listed
   */
  default SourceTables tables(SourceSpec spec, Path baseDir) {
    return SourceTables.NONE;
  }

  /**
   * The options (as a job file writes them, such as {@code rows-per-second}) that say how to reach
   * or pace the source, not what it reads: a resumed run may change them, so they are left out of
   * the job's fingerprint. None by default.
   */
  default Set<String> optionsAResumeMayChange() {
    return Set.of();
  }
}
