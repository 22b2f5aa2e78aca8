package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads a table's definition from the driver's schema metadata into Sluice's schema model. */
public final class TableSchemaReader {

  private TableSchemaReader() {}

  /** The driver's metadata of the table, refreshed; fails clearly when it does not exist. */
  public static TableMetadata tableMetadata(CqlSession session, String keyspace, String table) {
    session.refreshSchema();
    KeyspaceMetadata ks =
        session
            .getMetadata()
            .getKeyspace(CqlIdentifier.fromInternal(keyspace))
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "Keyspace '" + keyspace + "' does not exist on the target cluster."));
    return ks.getTable(CqlIdentifier.fromInternal(table))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Table '"
                        + keyspace
                        + "."
                        + table
                        + "' does not exist; create it first ('sluice plan' prints a CREATE"
                        + " TABLE that fits the source), or, copying a table, set"
                        + " target.schema: create."));
  }

  public static TableSchema read(TableMetadata table) {
    List<ColumnSchema> columns = new ArrayList<>();
    boolean counters = false;
    for (ColumnMetadata column : table.getPartitionKey()) {
      columns.add(column(column, ColumnSchema.Role.PARTITION_KEY));
    }
    for (ColumnMetadata column : table.getClusteringColumns().keySet()) {
      columns.add(column(column, ColumnSchema.Role.CLUSTERING));
    }
    for (ColumnMetadata column : table.getColumns().values()) {
      counters |= column.getType().equals(DataTypes.COUNTER);
      if (table.getPartitionKey().contains(column)
          || table.getClusteringColumns().containsKey(column)) {
        continue;
      }
      columns.add(
          column(column, column.isStatic() ? ColumnSchema.Role.STATIC : ColumnSchema.Role.REGULAR));
    }
    return new TableSchema(
        table.getKeyspace().asInternal(), table.getName().asInternal(), columns, counters);
  }

  private static ColumnSchema column(ColumnMetadata column, ColumnSchema.Role role) {
    return new ColumnSchema(column.getName().asInternal(), toCqlType(column.getType()), role);
  }

  static CqlType toCqlType(DataType type) {
    if (type instanceof ListType list) {
      return new CqlType.ListType(toCqlType(list.getElementType()), list.isFrozen());
    }
    if (type instanceof SetType set) {
      return new CqlType.SetType(toCqlType(set.getElementType()), set.isFrozen());
    }
    if (type instanceof MapType map) {
      return new CqlType.MapType(
          toCqlType(map.getKeyType()), toCqlType(map.getValueType()), map.isFrozen());
    }
    if (type instanceof TupleType tuple) {
      return new CqlType.TupleType(
          tuple.getComponentTypes().stream().map(TableSchemaReader::toCqlType).toList());
    }
    if (type instanceof VectorType vector) {
      return new CqlType.VectorType(toCqlType(vector.getElementType()), vector.getDimensions());
    }
    if (type instanceof UserDefinedType udt) {
      Map<String, CqlType> fields = new LinkedHashMap<>();
      for (int i = 0; i < udt.getFieldNames().size(); i++) {
        fields.put(udt.getFieldNames().get(i).asInternal(), toCqlType(udt.getFieldTypes().get(i)));
      }
      return new CqlType.UdtType(udt.getName().asInternal(), fields, udt.isFrozen());
    }
    return new CqlType.Native(type.asCql(false, true).toLowerCase(Locale.ROOT));
  }
}
