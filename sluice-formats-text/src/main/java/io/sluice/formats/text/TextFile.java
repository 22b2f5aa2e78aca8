package io.sluice.formats.text;

import java.nio.file.Path;

/**
 * One file a text source reads.
 *
 * @param resource the path as the job named it (a folder's files as {@code folder/name}), used in
 *     splits, positions and rejects
 * @param path where the file is, resolved against the job file's folder
 * @param compression how the file is compressed, told by its name
 */
record TextFile(String resource, Path path, Compression compression) {

  /** Whether the file can be cut into byte ranges: only an uncompressed one can. */
  boolean seekable() {
    return compression == Compression.NONE;
  }
}
