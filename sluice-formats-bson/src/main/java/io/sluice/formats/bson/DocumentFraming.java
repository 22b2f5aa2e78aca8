package io.sluice.formats.bson;

/**
 * The one rule that decides whether a document's 4-byte length prefix can be trusted. The split
 * planner and the split reader both apply it, so they agree on where documents start and on where a
 * file stops being readable.
 *
 * <p>A prefix is impossible when it is below 5 (the smallest document, {@code {}}, is 5 bytes),
 * above {@link #MAX_DOCUMENT_BYTES}, or longer than the bytes left. After an impossible prefix
 * nothing further can be framed, so the rest of the region is one damaged stretch.
 */
final class DocumentFraming {

  /** The smallest possible document: a length prefix and a terminating zero byte. */
  static final int MIN_DOCUMENT_BYTES = 5;

  /**
   * The largest document accepted: MongoDB's 16 MiB limit plus the 16 KiB of slack the server
   * allows internally (oplog entries and dumps of them can reach it; see TOOLS-3001).
   */
  static final int MAX_DOCUMENT_BYTES = 16 * 1024 * 1024 + 16 * 1024;

  /** The first four bytes of a {@code mongodump --archive} file, read as a little-endian int. */
  static final int ARCHIVE_MAGIC = 0x8199e26d;

  private DocumentFraming() {}

  /**
   * Checks a length prefix.
   *
   * @param offset where the document starts in the stream
   * @param lengthPrefix the document's declared length
   * @param remaining bytes left in the region from {@code offset}, or {@link Long#MAX_VALUE} when
   *     unknown (a compressed stream)
   * @return {@code null} when the prefix is plausible, otherwise a one-sentence reason
   */
  static String check(long offset, int lengthPrefix, long remaining) {
    if (offset == 0 && lengthPrefix == ARCHIVE_MAGIC) {
      return "this is a mongodump --archive file, which is not a stream of BSON documents;"
          + " dump the collection without --archive";
    }
    if (lengthPrefix < MIN_DOCUMENT_BYTES || lengthPrefix > MAX_DOCUMENT_BYTES) {
      return "impossible length prefix "
          + lengthPrefix
          + " (a document is 5 to "
          + MAX_DOCUMENT_BYTES
          + " bytes), so nothing from here on can be framed; "
          + describeRest(remaining);
    }
    if (lengthPrefix > remaining) {
      return truncated(lengthPrefix, remaining);
    }
    return null;
  }

  /** The reason given when a document's length runs past the last byte available. */
  static String truncated(int lengthPrefix, long remaining) {
    return "truncated document: length prefix says "
        + lengthPrefix
        + " bytes but only "
        + remaining
        + " remain";
  }

  /** The reason given when fewer than four bytes are left, too few for a length prefix. */
  static String tooShortForPrefix(long remaining) {
    return "truncated document: only " + remaining + " bytes remain, too few for a length prefix";
  }

  private static String describeRest(long remaining) {
    return remaining == Long.MAX_VALUE
        ? "the rest of the stream is skipped"
        : "the remaining " + remaining + " bytes are skipped";
  }
}
