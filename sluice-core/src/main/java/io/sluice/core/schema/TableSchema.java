package io.sluice.core.schema;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The target table as the mapper and planner see it. Columns are listed partition key first, then
 * clustering columns, then the rest, each group in key order.
 *
 * @param keyspace the keyspace name, unquoted
 * @param table the table name, unquoted
 * @param columns all columns in key order
 * @param counterTable whether the table holds counters (which cannot be written idempotently)
 */
public record TableSchema(
    String keyspace, String table, List<ColumnSchema> columns, boolean counterTable) {

  public TableSchema {
    columns = List.copyOf(columns);
  }

  public Optional<ColumnSchema> column(String name) {
    return columns.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  public List<ColumnSchema> partitionKey() {
    return columns.stream().filter(c -> c.role() == ColumnSchema.Role.PARTITION_KEY).toList();
  }

  public List<ColumnSchema> clusteringColumns() {
    return columns.stream().filter(c -> c.role() == ColumnSchema.Role.CLUSTERING).toList();
  }

  public List<ColumnSchema> primaryKey() {
    return columns.stream().filter(ColumnSchema::isPrimaryKey).toList();
  }

  public String qualifiedName() {
    return CqlIdentifiers.quoteIfNeeded(keyspace) + "." + CqlIdentifiers.quoteIfNeeded(table);
  }

  /** The {@code CREATE TABLE} statement that creates this table. */
  public String toCreateTableCql() {
    StringBuilder cql = new StringBuilder("CREATE TABLE IF NOT EXISTS ");
    cql.append(qualifiedName()).append(" (\n");
    for (ColumnSchema column : columns) {
      cql.append("  ")
          .append(CqlIdentifiers.quoteIfNeeded(column.name()))
          .append(' ')
          .append(column.type().toCql())
          .append(column.role() == ColumnSchema.Role.STATIC ? " static" : "")
          .append(",\n");
    }
    String partition =
        partitionKey().stream()
            .map(c -> CqlIdentifiers.quoteIfNeeded(c.name()))
            .collect(Collectors.joining(", "));
    cql.append("  PRIMARY KEY (");
    cql.append(partitionKey().size() == 1 ? partition : "(" + partition + ")");
    for (ColumnSchema clustering : clusteringColumns()) {
      cql.append(", ").append(CqlIdentifiers.quoteIfNeeded(clustering.name()));
    }
    cql.append(")\n);");
    return cql.toString();
  }
}
