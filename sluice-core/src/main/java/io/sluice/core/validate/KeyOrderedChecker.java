package io.sluice.core.validate;

import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.Split;
import java.util.List;

/**
 * A checker ({@link ValidatingTarget#openChecker}) that can compare a split read in a table's key
 * order ({@link KeyOrderedSource}) by a merge join with a scan of the target's same token range,
 * rather than by a lookup per row. When it lists extra rows, those past the split's last row are
 * found by its {@link Sink#splitEnds()}.
 */
public interface KeyOrderedChecker extends Sink {

  /**
   * The checker of one split whose records come in the target table's key order, which the runner
   * then sends in that order from one thread.
   *
   * @param committedBefore the rows of the split's record an earlier run committed last (the
   *     reader's record right before where it starts), so that the scan continues after them,
   *     neither missing nor repeating an extra row; empty when the split starts at its beginning
   */
  Sink forKeyOrderedSplit(Split split, List<Row> committedBefore);
}
