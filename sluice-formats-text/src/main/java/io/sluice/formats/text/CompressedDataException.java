package io.sluice.formats.text;

import java.io.IOException;

/**
 * The compressed data of a file is damaged or cut short. Readers report it as one malformed record
 * covering the rest of the file rather than aborting the run, as the BSON source does for damaged
 * gzip data.
 */
final class CompressedDataException extends IOException {

  CompressedDataException(Compression compression, Exception cause) {
    super(
        (compression == Compression.GZIP ? "gzip" : "zstd")
            + " data is damaged: "
            + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()),
        cause);
  }
}
