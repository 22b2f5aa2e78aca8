package io.sluice.core.source;

/**
 * One item read from a split: either a well-formed {@link Record} or a {@link MalformedRecord} that
 * could not be decoded. Per-record failures are data, not exceptions, so a reader can report a
 * damaged record and go on to the next one.
 */
public sealed interface SourceItem permits Record, MalformedRecord {

  /** Where the item starts in its source. */
  SourcePosition position();

  /**
   * Where the next item starts, in the unit of {@link SourcePosition#offset()}. A split reopened
   * with this as its start continues right after this item; checkpoints rely on it.
   */
  long nextOffset();
}
