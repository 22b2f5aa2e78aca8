package io.sluice.formats.text;

import io.sluice.core.job.ByteSizeText;

/** The bound on one record's size, shared by both formats. */
final class RecordLimits {

  /** Records are held in one byte array, so at most what an array holds, less some slack. */
  static final int MAX_RECORD_BYTES = Integer.MAX_VALUE - 1024;

  private RecordLimits() {}

  /** The bytes a {@code max-record-size} setting allows, such as {@code 16MiB}. */
  static int maxRecordBytes(String maxRecordSize) {
    long size = ByteSizeText.parse(maxRecordSize, "max-record-size");
    if (size > MAX_RECORD_BYTES) {
      throw new IllegalArgumentException("max-record-size must be below 2GiB");
    }
    return (int) size;
  }
}
