package io.sluice.core.validate;

import io.sluice.core.source.KeyColumn;
import io.sluice.core.source.Source;
import java.util.List;

/**
 * A source whose every split's records come in the order of a Cassandra-family table's keys (the
 * token of the partition key, then the clustering order), with each split's start and end as
 * Murmur3 tokens: a table source. A validation can then read the target along each split beside it
 * (a merge join, {@link KeyOrderedChecker}) instead of looking up each row.
 */
public interface KeyOrderedSource extends Source {

  /** The table's primary key, partition key first. */
  List<KeyColumn> keyColumns();
}
