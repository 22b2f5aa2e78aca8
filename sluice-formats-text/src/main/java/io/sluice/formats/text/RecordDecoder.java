package io.sluice.formats.text;

import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import java.util.function.LongSupplier;

/**
 * Turns one framed record into a {@link io.sluice.core.source.Record}, or a {@link
 * io.sluice.core.source.MalformedRecord} whose reason starts with {@code line N:}. One per reader,
 * so it may keep state (a reused charset decoder).
 */
interface RecordDecoder {

  /**
   * @param frame the record's bytes
   * @param position where it starts
   * @param line computes the record's 1-based line number in its file; may read the file, so call
   *     it only to explain a rejection
   */
  SourceItem decode(RecordFramer.Frame frame, SourcePosition position, LongSupplier line);
}
