package io.sluice.core.source;

/**
 * A record that could not be decoded. The reader has skipped past it (or reached the end of the
 * split) and can continue.
 *
 * @param position where the damaged record starts, with its id when it could be read
 * @param reason one sentence saying what is wrong, without record data beyond the id
 * @param sizeBytes how many bytes were skipped
 * @param nextOffset where reading goes on after it
 */
public record MalformedRecord(
    SourcePosition position, String reason, long sizeBytes, long nextOffset) implements SourceItem {

  /** A damaged stretch of a byte-addressed source, where reading goes on right after it. */
  public MalformedRecord(SourcePosition position, String reason, long sizeBytes) {
    this(position, reason, sizeBytes, position.offset() + sizeBytes);
  }
}
