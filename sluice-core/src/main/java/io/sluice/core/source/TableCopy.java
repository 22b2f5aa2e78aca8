package io.sluice.core.source;

import java.util.List;

/**
 * What {@code sluice plan} proposes when the source is itself a table: a target table defined as
 * the source's, each column filled from the field of the same name.
 *
 * @param columns the columns copied, primary key first
 * @param cql the {@code CREATE TYPE} statements the table needs and its {@code CREATE TABLE}, for
 *     the target's keyspace and table, ready to apply
 */
public record TableCopy(List<String> columns, String cql) {

  public TableCopy {
    columns = List.copyOf(columns);
  }
}
