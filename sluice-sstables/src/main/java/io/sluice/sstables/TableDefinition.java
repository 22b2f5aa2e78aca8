package io.sluice.sstables;

import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.sluice.cassandra.RowCells;
import java.util.List;

/**
 * What the SSTable writer needs to know of the target table, read from the live cluster's schema:
 * its {@code CREATE TABLE} (options included, such as the default TTL), the keyspace's {@code
 * CREATE TYPE}s, how many columns its partition key has (the first of every write's values), and
 * its rows' cells with the statements that write them.
 */
record TableDefinition(
    String keyspace,
    String table,
    String createTable,
    List<String> createTypes,
    int partitionKeyColumns,
    RowCells cells) {

  static TableDefinition of(KeyspaceMetadata keyspace, TableMetadata table, boolean writeNulls) {
    List<String> types =
        keyspace.getUserDefinedTypes().values().stream().map(TableDefinition::describe).toList();
    return new TableDefinition(
        keyspace.getName().asInternal(),
        table.getName().asInternal(),
        table.describe(false),
        types,
        table.getPartitionKey().size(),
        new RowCells(
            table,
            writeNulls,
            quoted(keyspace.getName().asInternal()) + "." + quoted(table.getName().asInternal())));
  }

  private static String describe(UserDefinedType type) {
    return type.describe(false);
  }

  private static String quoted(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
