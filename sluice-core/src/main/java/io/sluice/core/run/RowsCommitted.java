package io.sluice.core.run;

import io.sluice.core.sink.Row;
import java.util.List;

/**
 * Told of the rows of each record as the record commits, in reading order within its split, while
 * the ledger's lock is held: what it keeps is then exactly what a checkpoint taken under the same
 * lock covers. A validation keeps the rows' primary keys this way.
 */
@FunctionalInterface
public interface RowsCommitted {

  void committed(List<Row> rows);
}
