package io.sluice.formats.parquet;

import java.io.IOException;

/**
 * An I/O failure reading a file itself (a disk error, a file that vanished), as opposed to bytes
 * that were read but do not decode. Apache Parquet reports both as {@link IOException}s; wrapping
 * the first kind lets {@link ParquetSplitReader} abort on it and reject the second.
 */
final class FileAccessException extends IOException {

  FileAccessException(String message, IOException cause) {
    super(message, cause);
  }

  /** Throws the failure to access a file that {@code failure} is or was caused by, if any. */
  static void rethrowIfCause(Throwable failure) throws FileAccessException {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof FileAccessException access) {
        throw access;
      }
    }
  }
}
