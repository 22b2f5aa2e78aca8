package io.sluice.cli.difftest;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import io.sluice.cli.difftest.ColumnType.Kind;
import io.sluice.cli.difftest.GeneratedTable.Column;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Damages a copy the way a validation must notice and a repair at the current time must undo: a row
 * deleted, a regular or static cell deleted, a text or blob cell written again at its own write
 * time with a larger value (which wins the tie, so a repair at the source's time could not undo
 * it), a cell written again at its own time without its TTL, an element of a set, map or list or a
 * field of a type removed. Deletions are at the current time. None is newer than the source cell,
 * so none is a "changed since".
 */
final class TargetDamage {

  private final CqlSession session;
  private final String name;
  private final GeneratedTable table;
  private final Random random;
  private final List<String> done = new ArrayList<>();

  private TargetDamage(CqlSession session, String name, GeneratedTable table, Random random) {
    this.session = session;
    this.name = name;
    this.table = table;
    this.random = random;
  }

  /** Applies one to three damages to {@code name}, and says what each was, one line each. */
  static List<String> apply(CqlSession session, String name, GeneratedTable table, Random random) {
    TargetDamage damage = new TargetDamage(session, name, table, random);
    List<Row> rows = damage.rows();
    if (!rows.isEmpty()) {
      int count = 1 + random.nextInt(3);
      for (int d = 0; d < count; d++) {
        damage.damage(rows.get(random.nextInt(rows.size())));
      }
    }
    return List.copyOf(damage.done);
  }

  /** Every row: its key, then each cell's value, write time and TTL (null for multi-cell ones). */
  private List<Row> rows() {
    List<String> selected = new ArrayList<>();
    table.key().forEach(c -> selected.add(c.name()));
    for (Column column : table.cells()) {
      selected.add(column.name());
      // A multi-cell column has no one write time: its value again keeps the places.
      selected.add(column.type().multiCell() ? column.name() : "WRITETIME(" + column.name() + ")");
      selected.add(column.type().multiCell() ? column.name() : "TTL(" + column.name() + ")");
    }
    return session.execute("SELECT " + String.join(", ", selected) + " FROM " + name).all();
  }

  private void damage(Row row) {
    List<Column> cells = table.cells();
    int first = table.key().size();
    List<Integer> present = new ArrayList<>();
    for (int c = 0; c < cells.size(); c++) {
      if (!row.isNull(first + 3 * c)) {
        present.add(c);
      }
    }
    int kind = random.nextInt(5);
    if (kind == 0 || present.isEmpty()) {
      deleteRow(row);
      return;
    }
    int c = present.get(random.nextInt(present.size()));
    Column column = cells.get(c);
    int at = first + 3 * c;
    boolean isStatic = table.statics().contains(column);
    String where = where(isStatic);
    ColumnType type = column.type();
    String scalar = type.kind() == Kind.SCALAR ? type.scalar() : "";
    if (kind == 2 && List.of("text", "varchar", "ascii", "blob").contains(scalar)) {
      Object larger =
          scalar.equals("blob")
              ? grown(row.getByteBuffer(at))
              : row.getString(at) + "~"; // a longer value with the same start is larger
      long time = row.getLong(at + 1);
      execute(
          "UPDATE " + name + " USING TIMESTAMP ? SET " + column.name() + " = ? WHERE " + where,
          keys(row, isStatic, time, larger));
      done.add(
          "wrote "
              + column.name()
              + " of "
              + describe(row, isStatic)
              + " again at its own time "
              + time
              + ", a larger value");
    } else if (kind == 3 && !type.multiCell() && !row.isNull(at + 2)) {
      long time = row.getLong(at + 1);
      execute(
          "UPDATE " + name + " USING TIMESTAMP ? SET " + column.name() + " = ? WHERE " + where,
          keys(row, isStatic, time, row.getObject(at)));
      done.add(
          "wrote "
              + column.name()
              + " of "
              + describe(row, isStatic)
              + " again at its own time "
              + time
              + " without its TTL");
    } else if (kind == 4 && type.multiCell()) {
      removeElement(row, column, at, isStatic);
    } else {
      execute("DELETE " + column.name() + " FROM " + name + " WHERE " + where, keys(row, isStatic));
      done.add("deleted " + column.name() + " of " + describe(row, isStatic));
    }
  }

  private void removeElement(Row row, Column column, int at, boolean isStatic) {
    String where = where(isStatic);
    Object value = row.getObject(at);
    String what;
    switch (column.type().kind()) {
      case SET -> {
        Object element = ((Set<?>) value).iterator().next();
        execute(
            "UPDATE "
                + name
                + " SET "
                + column.name()
                + " = "
                + column.name()
                + " - ? WHERE "
                + where,
            keys(row, isStatic, Set.of(element)));
        what = "element " + element;
      }
      case MAP -> {
        Object key = ((Map<?, ?>) value).keySet().iterator().next();
        execute(
            "DELETE " + column.name() + "[?] FROM " + name + " WHERE " + where,
            keys(row, isStatic, key));
        what = "key " + key;
      }
      case LIST -> {
        Object element = ((List<?>) value).get(0);
        execute(
            "UPDATE "
                + name
                + " SET "
                + column.name()
                + " = "
                + column.name()
                + " - ? WHERE "
                + where,
            keys(row, isStatic, List.of(element)));
        what = "element " + element;
      }
      default -> {
        UdtValue udt = (UdtValue) value;
        int field = 0;
        while (field < udt.size() - 1 && udt.isNull(field)) {
          field++;
        }
        String fieldName = column.type().udt().fields().get(field).name();
        execute(
            "DELETE " + column.name() + "." + fieldName + " FROM " + name + " WHERE " + where,
            keys(row, isStatic));
        what = "field " + fieldName;
      }
    }
    done.add("removed " + what + " from " + column.name() + " of " + describe(row, isStatic));
  }

  private void deleteRow(Row row) {
    boolean partitionOnly = table.clustering().isEmpty() || row.isNull(table.partitionKey().size());
    execute("DELETE FROM " + name + " WHERE " + where(partitionOnly), keys(row, partitionOnly));
    done.add("deleted " + describe(row, partitionOnly));
  }

  /** {@code p0 = ? AND k1 = ?}: the partition key's columns alone, or the whole primary key. */
  private String where(boolean partitionOnly) {
    List<Column> columns = partitionOnly ? table.partitionKey() : table.key();
    List<String> conditions = new ArrayList<>();
    columns.forEach(c -> conditions.add(c.name() + " = ?"));
    return String.join(" AND ", conditions);
  }

  /** {@code before}, then the row's key values for {@link #where}. */
  private Object[] keys(Row row, boolean partitionOnly, Object... before) {
    int count = partitionOnly ? table.partitionKey().size() : table.key().size();
    Object[] values = new Object[before.length + count];
    System.arraycopy(before, 0, values, 0, before.length);
    for (int i = 0; i < count; i++) {
      values[before.length + i] = row.getObject(i);
    }
    return values;
  }

  private String describe(Row row, boolean partitionOnly) {
    int count = partitionOnly ? table.partitionKey().size() : table.key().size();
    List<String> key = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      key.add(table.key().get(i).name() + "=" + CellText.of(session, row, i).lenient());
    }
    return (partitionOnly ? "partition " : "row ") + String.join(", ", key);
  }

  private void execute(String cql, Object... values) {
    session.execute(session.prepare(cql).bind(values));
  }

  private static ByteBuffer grown(ByteBuffer bytes) {
    ByteBuffer larger = ByteBuffer.allocate(bytes.remaining() + 1);
    larger.put(bytes.duplicate()).put((byte) 0xff).flip();
    return larger;
  }
}
