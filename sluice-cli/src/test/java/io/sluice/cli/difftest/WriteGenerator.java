package io.sluice.cli.difftest;

import io.sluice.cli.difftest.GeneratedTable.Column;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Draws the statements that fill a source table, as CQL text with literal values: partial rows,
 * rows of only their key, static cells, static-only partitions, each statement at a {@code USING
 * TIMESTAMP} of its own and some with a TTL, elements of non-frozen collections and fields of
 * non-frozen types added, replaced and removed one by one at their own times, and deletions of
 * rows, cells, elements, clustering ranges and partitions. Timestamps are drawn within ten seconds
 * of each other, so that a deletion hides some writes and not others.
 */
final class WriteGenerator {

  /** 2023-11-14: in the past, so that anything written now (a live write, a repair) is newer. */
  static final long BASE_MICROS = 1_700_000_000_000_000L;

  /** A TTL long enough that nothing expires while a case runs. */
  private static final int MIN_TTL = 3 * 3600;

  private final Random random;
  private final GeneratedTable table;
  private final LiteralGenerator literals;
  private final List<String> statements = new ArrayList<>();

  /** Element literals added to each multi-cell column, by row and column, to remove some again. */
  private final Map<String, List<String>> added = new HashMap<>();

  private WriteGenerator(Random random, GeneratedTable table) {
    this.random = random;
    this.table = table;
    this.literals = new LiteralGenerator(random);
  }

  /** The statements filling {@code table}, in the order to run them. */
  static List<String> draw(Random random, GeneratedTable table) {
    WriteGenerator generator = new WriteGenerator(random, table);
    generator.fill();
    return List.copyOf(generator.statements);
  }

  private void fill() {
    int partitions = 1 + random.nextInt(6);
    Set<KeyValues> seen = new LinkedHashSet<>();
    for (int p = 0; p < partitions; p++) {
      KeyValues partition = keyValues(table.partitionKey(), true);
      if (seen.add(partition)) {
        fillPartition(partition);
      }
    }
  }

  private void fillPartition(KeyValues partition) {
    boolean clustered = !table.clustering().isEmpty();
    if (!table.statics().isEmpty() && random.nextInt(10) < 7) {
      int writes = 1 + random.nextInt(3);
      for (int w = 0; w < writes; w++) {
        writeCells(partition.where(), table.statics());
      }
    }
    // No rows at all: a partition of static cells only, when the table has static columns.
    int rows = clustered ? TableGenerator.pick(random, 10, 25, 25, 20, 10, 10) : 1;
    List<KeyValues> written = new ArrayList<>();
    Set<KeyValues> seen = new LinkedHashSet<>();
    for (int r = 0; r < rows; r++) {
      KeyValues row = clustered ? partition.and(keyValues(table.clustering(), false)) : partition;
      if (seen.add(row)) {
        written.add(row);
        fillRow(partition.where(), row);
      }
    }
    if (random.nextInt(100) < 30) {
      deleteSome(partition, written);
    }
  }

  private void fillRow(String partition, KeyValues key) {
    String row = key.where();
    switch (TableGenerator.pick(random, 45, 35, 20)) {
      case 0 -> insert(key, subset(withStatics(table.regulars())));
      case 1 -> writeCells(row, table.regulars());
      default -> insert(key, List.of()); // the row's key alone
    }
    int more = random.nextInt(4);
    for (int m = 0; m < more; m++) {
      switch (TableGenerator.pick(random, 35, 40, 10, 15)) {
        case 0 -> writeCells(row, table.regulars());
        case 1 -> elementOperation(row, table.regulars());
        case 2 -> elementOperation(partition, table.statics());
        default -> deleteCell(row, partition);
      }
    }
  }

  /** A value that leaves at least one live cell: not an empty collection, a field set. */
  private String liveValue(ColumnType type) {
    if (type.kind() == ColumnType.Kind.UDT) {
      UserType.Field field = type.udt().fields().get(0);
      return "{" + field.name() + ": " + literals.of(field.type(), true) + "}";
    }
    String value = literals.of(type, true);
    for (int attempt = 0; attempt < 50 && (value.equals("[]") || value.equals("{}")); attempt++) {
      value = literals.of(type, true);
    }
    return value;
  }

  /** The regular columns and, a third of the time, the static ones: an insert may set both. */
  private List<Column> withStatics(List<Column> regulars) {
    List<Column> columns = new ArrayList<>(regulars);
    if (random.nextInt(3) == 0) {
      columns.addAll(table.statics());
    }
    return columns;
  }

  private List<Column> subset(List<Column> columns) {
    List<Column> chosen = new ArrayList<>();
    for (Column column : columns) {
      if (random.nextInt(10) < 6) {
        chosen.add(column);
      }
    }
    return chosen;
  }

  private void insert(KeyValues row, List<Column> columns) {
    List<String> names = new ArrayList<>(row.names());
    List<String> values = new ArrayList<>(row.literals());
    for (Column column : columns) {
      names.add(column.name());
      values.add(value(column));
    }
    statements.add(
        "INSERT INTO "
            + table.name()
            + " ("
            + String.join(", ", names)
            + ") VALUES ("
            + String.join(", ", values)
            + ")"
            + using(true));
  }

  /** An update of some of {@code columns} (static ones with the partition's condition). */
  private void writeCells(String where, List<Column> columns) {
    List<Column> chosen = subset(columns);
    if (chosen.isEmpty() && !columns.isEmpty()) {
      chosen = List.of(columns.get(random.nextInt(columns.size())));
    }
    if (chosen.isEmpty()) {
      return;
    }
    List<String> sets = new ArrayList<>();
    for (Column column : chosen) {
      sets.add(column.name() + " = " + value(column));
    }
    statements.add(
        "UPDATE "
            + table.name()
            + using(true)
            + " SET "
            + String.join(", ", sets)
            + " WHERE "
            + where);
  }

  /** A whole value, now and then {@code null} (which deletes the cell at the write's time). */
  private String value(Column column) {
    return random.nextInt(20) == 0 ? "null" : literals.of(column.type(), false);
  }

  /**
   * One element or field of a non-frozen collection or type among {@code columns} added, replaced
   * or removed, at a time of its own.
   */
  private void elementOperation(String where, List<Column> columns) {
    List<Column> multi = columns.stream().filter(c -> c.type().multiCell()).toList();
    if (multi.isEmpty()) {
      return;
    }
    Column column = multi.get(random.nextInt(multi.size()));
    String name = column.name();
    ColumnType type = column.type();
    List<String> known = added.computeIfAbsent(where + "|" + name, k -> new ArrayList<>());
    String update = "UPDATE " + table.name() + using(true) + " SET ";
    String whereClause = " WHERE " + where;
    boolean remove = !known.isEmpty() && random.nextInt(4) == 0;
    switch (type.kind()) {
      case SET -> {
        if (remove) {
          statements.add(update + name + " = " + name + " - {" + any(known) + "}" + whereClause);
        } else {
          String element = literals.of(type.parts().get(0), false);
          known.add(element);
          statements.add(update + name + " = " + name + " + {" + element + "}" + whereClause);
        }
      }
      case MAP -> {
        if (remove) {
          statements.add(
              random.nextBoolean()
                  ? update + name + " = " + name + " - {" + any(known) + "}" + whereClause
                  : "DELETE "
                      + name
                      + "["
                      + any(known)
                      + "] FROM "
                      + table.name()
                      + using(false)
                      + whereClause);
        } else {
          String key = literals.of(type.parts().get(0), false);
          String value = literals.of(type.parts().get(1), false);
          known.add(key);
          statements.add(
              random.nextBoolean()
                  ? update + name + "[" + key + "] = " + value + whereClause
                  : update + name + " = " + name + " + {" + key + ": " + value + "}" + whereClause);
        }
      }
      case LIST -> {
        if (remove) {
          statements.add(update + name + " = " + name + " - [" + any(known) + "]" + whereClause);
        } else {
          String element = literals.of(type.parts().get(0), false);
          known.add(element);
          statements.add(
              random.nextInt(3) == 0
                  ? update + name + " = [" + element + "] + " + name + whereClause
                  : update + name + " = " + name + " + [" + element + "]" + whereClause);
        }
      }
      case UDT -> {
        UserType.Field field = type.udt().fields().get(random.nextInt(type.udt().fields().size()));
        statements.add(
            random.nextInt(4) == 0
                ? "DELETE "
                    + name
                    + "."
                    + field.name()
                    + " FROM "
                    + table.name()
                    + using(false)
                    + whereClause
                : update
                    + name
                    + "."
                    + field.name()
                    + " = "
                    + literals.of(field.type(), false)
                    + whereClause);
      }
      default -> throw new IllegalStateException("not a multi-cell type: " + type.cql());
    }
  }

  /** A regular cell of the row, or a static cell of its partition, deleted at a time of its own. */
  private void deleteCell(String row, String partition) {
    boolean isStatic = !table.statics().isEmpty() && random.nextInt(4) == 0;
    List<Column> columns = isStatic ? table.statics() : table.regulars();
    Column column = columns.get(random.nextInt(columns.size()));
    statements.add(
        "DELETE "
            + column.name()
            + " FROM "
            + table.name()
            + using(false)
            + " WHERE "
            + (isStatic ? partition : row));
  }

  /** A row, a clustering range or the whole partition deleted, at a time of its own. */
  private void deleteSome(KeyValues partition, List<KeyValues> rows) {
    String delete = "DELETE FROM " + table.name() + using(false) + " WHERE ";
    int kind = TableGenerator.pick(random, 45, 40, 15);
    if (kind == 0 && !rows.isEmpty()) {
      statements.add(delete + rows.get(random.nextInt(rows.size())).where());
    } else if (kind == 1 && !rows.isEmpty() && !table.clustering().isEmpty()) {
      // Equal to a row's first clustering values, then a one-sided range on the next one.
      KeyValues row = rows.get(random.nextInt(rows.size()));
      int bounded = partition.names().size() + random.nextInt(table.clustering().size());
      StringBuilder where = new StringBuilder();
      for (int i = 0; i < bounded; i++) {
        where
            .append(row.names().get(i))
            .append(" = ")
            .append(row.literals().get(i))
            .append(" AND ");
      }
      String operator = List.of(" > ", " >= ", " < ", " <= ").get(random.nextInt(4));
      where.append(row.names().get(bounded)).append(operator).append(row.literals().get(bounded));
      statements.add(delete + where);
    } else {
      statements.add(delete + partition.where());
    }
  }

  /** Fresh values of {@code columns}; for a partition key, values it may hold (not empty). */
  private KeyValues keyValues(List<Column> columns, boolean partition) {
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (Column column : columns) {
      names.add(column.name());
      values.add(partition ? literals.of(column.type(), true) : literals.clustering(column.type()));
    }
    return new KeyValues(names, values);
  }

  /** Values of key columns, by name, as literals. */
  private record KeyValues(List<String> names, List<String> literals) {

    /** {@code a = 1 AND b = 'x'}. */
    String where() {
      List<String> conditions = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        conditions.add(names.get(i) + " = " + literals.get(i));
      }
      return String.join(" AND ", conditions);
    }

    KeyValues and(KeyValues more) {
      List<String> allNames = new ArrayList<>(names);
      allNames.addAll(more.names);
      List<String> allLiterals = new ArrayList<>(literals);
      allLiterals.addAll(more.literals);
      return new KeyValues(allNames, allLiterals);
    }
  }

  private String using(boolean mayExpire) {
    long at = BASE_MICROS + random.nextInt(10_000_000);
    String using = " USING TIMESTAMP " + at;
    if (mayExpire && random.nextInt(4) == 0) {
      using += " AND TTL " + (MIN_TTL + random.nextInt(30 * 86_400));
    }
    return using;
  }

  private String any(List<String> values) {
    return values.get(random.nextInt(values.size()));
  }
}
