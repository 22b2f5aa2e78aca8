package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The CQL that creates a copy of a source table under another name: the user-defined types its
 * columns use (the ones they nest first) and the table, with its primary key, static columns and
 * clustering order. Table options (compaction, compression, TTL) are left to the target's defaults:
 * the target cluster may be another kind, and its operator chooses them.
 */
final class CopiedSchema {

  private CopiedSchema() {}

  static String cql(
      TableMetadata source, List<ColumnMetadata> columns, String keyspace, String table) {
    String qualified =
        CqlIdentifier.fromInternal(keyspace).asCql(true)
            + "."
            + CqlIdentifier.fromInternal(table).asCql(true);
    Map<String, UserDefinedType> types = new LinkedHashMap<>();
    columns.forEach(column -> collectTypes(column.getType(), types));
    StringBuilder cql = new StringBuilder();
    for (UserDefinedType type : types.values()) {
      cql.append("CREATE TYPE IF NOT EXISTS ")
          .append(CqlIdentifier.fromInternal(keyspace).asCql(true))
          .append('.')
          .append(type.getName().asCql(true))
          .append(" (\n");
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < type.getFieldNames().size(); i++) {
        fields.add(
            "  "
                + type.getFieldNames().get(i).asCql(true)
                + " "
                + cqlOf(type.getFieldTypes().get(i)));
      }
      cql.append(String.join(",\n", fields)).append("\n);\n");
    }
    cql.append("CREATE TABLE IF NOT EXISTS ").append(qualified).append(" (\n");
    for (ColumnMetadata column : columns) {
      cql.append("  ")
          .append(column.getName().asCql(true))
          .append(' ')
          .append(cqlOf(column.getType()))
          .append(column.isStatic() ? " STATIC" : "")
          .append(",\n");
    }
    String partitionKey =
        source.getPartitionKey().stream()
            .map(c -> c.getName().asCql(true))
            .collect(Collectors.joining(", "));
    List<String> key = new ArrayList<>();
    key.add(source.getPartitionKey().size() == 1 ? partitionKey : "(" + partitionKey + ")");
    source.getClusteringColumns().keySet().forEach(c -> key.add(c.getName().asCql(true)));
    cql.append("  PRIMARY KEY (").append(String.join(", ", key)).append(")\n)");
    if (!source.getClusteringColumns().isEmpty()) {
      List<String> order = new ArrayList<>();
      for (Map.Entry<ColumnMetadata, ClusteringOrder> column :
          source.getClusteringColumns().entrySet()) {
        order.add(column.getKey().getName().asCql(true) + " " + column.getValue().name());
      }
      cql.append(" WITH CLUSTERING ORDER BY (").append(String.join(", ", order)).append(')');
    }
    return cql.append(';').toString();
  }

  /**
   * A type as the copy's CQL writes it: user-defined types by their name alone, so that they
   * resolve in the target's keyspace (the driver's own form names the source's keyspace).
   */
  static String cqlOf(DataType type) {
    if (type instanceof UserDefinedType udt) {
      return frozen(udt.isFrozen(), udt.getName().asCql(true));
    }
    if (type instanceof ListType list) {
      return frozen(list.isFrozen(), "list<" + cqlOf(list.getElementType()) + ">");
    }
    if (type instanceof SetType set) {
      return frozen(set.isFrozen(), "set<" + cqlOf(set.getElementType()) + ">");
    }
    if (type instanceof MapType map) {
      return frozen(
          map.isFrozen(),
          "map<" + cqlOf(map.getKeyType()) + ", " + cqlOf(map.getValueType()) + ">");
    }
    if (type instanceof TupleType tuple) {
      return "tuple<"
          + tuple.getComponentTypes().stream()
              .map(CopiedSchema::cqlOf)
              .collect(Collectors.joining(", "))
          + ">";
    }
    if (type instanceof VectorType vector) {
      return "vector<" + cqlOf(vector.getElementType()) + ", " + vector.getDimensions() + ">";
    }
    return type.asCql(true, true);
  }

  private static String frozen(boolean frozen, String cql) {
    return frozen ? "frozen<" + cql + ">" : cql;
  }

  /** Adds the user-defined types {@code type} uses, the nested ones first. */
  private static void collectTypes(DataType type, Map<String, UserDefinedType> types) {
    if (type instanceof UserDefinedType udt) {
      udt.getFieldTypes().forEach(field -> collectTypes(field, types));
      types.putIfAbsent(udt.getName().asInternal(), udt);
    } else if (type instanceof ListType list) {
      collectTypes(list.getElementType(), types);
    } else if (type instanceof SetType set) {
      collectTypes(set.getElementType(), types);
    } else if (type instanceof MapType map) {
      collectTypes(map.getKeyType(), types);
      collectTypes(map.getValueType(), types);
    } else if (type instanceof TupleType tuple) {
      tuple.getComponentTypes().forEach(component -> collectTypes(component, types));
    } else if (type instanceof VectorType vector) {
      collectTypes(vector.getElementType(), types);
    }
  }
}
