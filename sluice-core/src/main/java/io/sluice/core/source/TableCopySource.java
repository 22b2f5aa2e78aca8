package io.sluice.core.source;

/**
 * A source that is itself a table, which {@code sluice plan} (and a job without a {@code mapping:})
 * copies as is: the same table under the target's name, each column filled from the field of the
 * same name ({@link TableCopy#of}).
 */
public interface TableCopySource extends Source {

  /** The source's table under the target's {@code keyspace} and {@code table}. */
  TableCopy tableCopy(String keyspace, String table);

  /**
   * Whether the job asked for a counter table to be copied (by adding to each target counter the
   * difference with the source's value), which the write rule otherwise refuses; false by default.
   */
  default boolean copiesCounters() {
    return false;
  }
}
