package io.sluice.cli.difftest;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A table the generator drew: its user-defined types, primary key, clustering order, static and
 * regular columns. The same definition creates the source table and both copies.
 *
 * @param name the source table's name; the copies add {@code _cql} and {@code _sst}
 * @param types the user-defined types it uses, each before the types and columns that use it
 * @param partitionKey the partition key's columns
 * @param clustering the clustering columns, in key order
 * @param descending for each clustering column, whether it is ordered {@code DESC}
 * @param statics the static columns (only with clustering columns)
 * @param regulars the regular columns
 */
public record GeneratedTable(
    String name,
    List<UserType> types,
    List<Column> partitionKey,
    List<Column> clustering,
    List<Boolean> descending,
    List<Column> statics,
    List<Column> regulars) {

  /** A column: its name as CQL writes it (quoted when it must be) and its type. */
  public record Column(String name, ColumnType type) {}

  public GeneratedTable {
    types = List.copyOf(types);
    partitionKey = List.copyOf(partitionKey);
    clustering = List.copyOf(clustering);
    descending = List.copyOf(descending);
    statics = List.copyOf(statics);
    regulars = List.copyOf(regulars);
  }

  /** The primary key's columns, partition key first. */
  public List<Column> key() {
    return Stream.concat(partitionKey.stream(), clustering.stream()).toList();
  }

  /** The columns outside the primary key: static ones, then regular ones. */
  public List<Column> cells() {
    return Stream.concat(statics.stream(), regulars.stream()).toList();
  }

  /** {@code CREATE TYPE} for each of its types, then {@code CREATE TABLE} of {@code table}. */
  public List<String> create(String table) {
    List<String> statements = new ArrayList<>();
    types.forEach(t -> statements.add(t.create()));
    statements.add(createTable(table));
    return statements;
  }

  /** {@code CREATE TABLE} of {@code table}, whose types must exist. */
  public String createTable(String table) {
    List<String> columns = new ArrayList<>();
    key().forEach(c -> columns.add(c.name() + " " + c.type().cql()));
    statics.forEach(c -> columns.add(c.name() + " " + c.type().cql() + " STATIC"));
    regulars.forEach(c -> columns.add(c.name() + " " + c.type().cql()));
    String partition = partitionKey.stream().map(Column::name).collect(Collectors.joining(", "));
    String key =
        Stream.concat(Stream.of("(" + partition + ")"), clustering.stream().map(Column::name))
            .collect(Collectors.joining(", "));
    StringBuilder create =
        new StringBuilder("CREATE TABLE ")
            .append(table)
            .append(" (")
            .append(String.join(", ", columns))
            .append(", PRIMARY KEY (")
            .append(key)
            .append("))");
    if (!clustering.isEmpty()) {
      List<String> order = new ArrayList<>();
      for (int i = 0; i < clustering.size(); i++) {
        order.add(clustering.get(i).name() + (descending.get(i) ? " DESC" : " ASC"));
      }
      create.append(" WITH CLUSTERING ORDER BY (").append(String.join(", ", order)).append(")");
    }
    return create.toString();
  }
}
