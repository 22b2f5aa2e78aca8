package io.sluice.formats.text;

/** The bound on one record's size, shared by both formats. */
final class RecordLimits {

  /** Records are held in one byte array, so at most what an array holds, less some slack. */
  static final int MAX_RECORD_BYTES = Integer.MAX_VALUE - 1024;

  private RecordLimits() {}

  static int maxRecordBytes(OptionValues values, TextOption option) {
    long size = values.size(option);
    if (size > MAX_RECORD_BYTES) {
      throw values.invalid(option, "must be below 2GiB");
    }
    return (int) size;
  }
}
