package io.sluice.core.source;

import java.util.List;
import java.util.Optional;

/**
 * What {@code sluice plan} proposes when the source is itself a table: a target table defined as
 * the source's, each column filled from the field of the same name.
 *
 * @param columns the columns copied, primary key first
 * @param cql the {@code CREATE TYPE} statements the table needs and its {@code CREATE TABLE}, for
 *     the target's keyspace and table, ready to apply
 * @param writeRules one sentence per column whose cells are not each copied at their own write time
 *     as a single cell is, saying what rule applies (a list at its newest element's time)
 * @param notCopied one sentence per part of the source's schema the copy leaves out (a materialized
 *     view), saying why and what to do
 */
public record TableCopy(
    List<String> columns, String cql, List<String> writeRules, List<String> notCopied) {

  public TableCopy {
    columns = List.copyOf(columns);
    writeRules = List.copyOf(writeRules);
    notCopied = List.copyOf(notCopied);
  }

  /**
   * The copy {@code sluice plan} proposes for a job reading {@code sources}: when its one source is
   * a table ({@link TableCopySource}), that table under the target's name; else empty.
   */
  public static Optional<TableCopy> of(List<Source> sources, String keyspace, String table) {
    return sources.size() == 1 && sources.get(0) instanceof TableCopySource copied
        ? Optional.of(copied.tableCopy(keyspace, table))
        : Optional.empty();
  }

  /** A copy whose every column is written at its cells' own times. */
  public TableCopy(List<String> columns, String cql) {
    this(columns, cql, List.of(), List.of());
  }
}
