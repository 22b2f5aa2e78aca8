package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.sluice.core.sink.Row;
import io.sluice.core.source.CellTime;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A row's values in the CQL native protocol's form, for a writer that speaks no CQL to a cluster
 * (the SSTable writer), and the statements that write them: the row's cells grouped by (write time,
 * TTL) as {@link CellTimeInserts} groups them, each group one insert of the primary key and the
 * group's columns, every other column left unset. The other cases are written as over CQL too: a
 * partition's static cells alone by an update of its partition key; a non-frozen set, map or list
 * whose source gives each element's time element by element (a deletion of the collection just
 * before its oldest element, then an addition per (write time, TTL) of its elements, a list's in
 * runs in its order); a non-frozen user-defined type field by field (the same deletion, then each
 * field set at its time).
 */
public final class RowCells {

  /** Marks a column a write leaves unset; compare by identity. */
  public static final ByteBuffer UNSET = ByteBuffer.allocate(0).asReadOnlyBuffer();

  /** The statement every ordinary row goes through: the insert of every column. */
  public static final int INSERT = 0;

  /**
   * One write of a row.
   *
   * @param statement which of {@link #statements} writes it
   * @param timestampMicros its write timestamp
   * @param expiresAtSecond the second since the epoch its cells expire at ({@link CellTime#NEVER}
   *     when they do not), or null for the table's default TTL: the writer turns it into the TTL
   *     left when it writes the row, which may be well after the row was handed to it
   * @param values one per column of {@link #columns()}: the encoded value, null for a null value
   *     (which deletes the cell), or {@link #UNSET}
   */
  public record Write(
      int statement, long timestampMicros, Long expiresAtSecond, List<ByteBuffer> values) {}

  /**
   * A statement writes go through, with bind markers only.
   *
   * @param cql its text
   * @param markers for each bind marker in order, the value it takes: {@code i} below the number of
   *     {@link #columns()} is a write's value {@code i}, that number is its write timestamp, one
   *     more its TTL
   */
  public record Statement(String cql, List<Integer> markers) {}

  private record Group(long timestampMicros, Long expiresAtSecond) {}

  private static final int ROW_OVERHEAD = 16;
  private static final int CELL_OVERHEAD = 10;

  private final List<BoundColumn> columns = new ArrayList<>();
  private final int keyCount;
  private final int partitionKeyCount;
  private final boolean clustered;
  private final boolean writeNulls;

  /** The statements, by number; see {@link #statements}. */
  private final List<Statement> statements = new ArrayList<>();

  /** The update of a partition's static cells alone, or -1 when the table has none to write so. */
  private final int staticUpdate;

  /**
   * For each non-frozen set, map or list, by column index: its deletion's statement; the addition's
   * next.
   */
  private final Map<Integer, Integer> elementStatements = new LinkedHashMap<>();

  /**
   * For each non-frozen user-defined type, by column index: its deletion's statement; the setting
   * of each of its fields next, in the type's order.
   */
  private final Map<Integer, Integer> fieldStatements = new LinkedHashMap<>();

  /**
   * @param qualifiedTable the table's name as the statements give it
   */
  public RowCells(TableMetadata table, boolean writeNulls, String qualifiedTable) {
    Set<ColumnMetadata> primaryKey = Set.copyOf(table.getPrimaryKey());
    for (ColumnMetadata column : table.getPrimaryKey()) {
      columns.add(new BoundColumn(column));
    }
    for (ColumnMetadata column : table.getColumns().values()) {
      if (!primaryKey.contains(column)) {
        columns.add(new BoundColumn(column));
      }
    }
    this.keyCount = table.getPrimaryKey().size();
    this.partitionKeyCount = table.getPartitionKey().size();
    this.clustered = !table.getClusteringColumns().isEmpty();
    this.writeNulls = writeNulls;
    statements.add(insert(qualifiedTable));
    this.staticUpdate = addStaticUpdate(qualifiedTable);
    addElementStatements(qualifiedTable);
  }

  /** The insert of every column: a row's values in order, then its write time and TTL. */
  private Statement insert(String qualifiedTable) {
    List<Integer> markers = range(0, columns.size() + 2);
    return new Statement(
        "INSERT INTO "
            + qualifiedTable
            + " ("
            + String.join(", ", columns())
            + ") VALUES ("
            + String.join(", ", Collections.nCopies(columns.size(), "?"))
            + ") USING TIMESTAMP ? AND TTL ?",
        markers);
  }

  /**
   * Adds the update of a partition's static cells by its partition key alone, when the table has
   * clustering and static columns; returns its number, or -1.
   */
  private int addStaticUpdate(String qualifiedTable) {
    List<Integer> statics = new ArrayList<>();
    for (int i = keyCount; i < columns.size(); i++) {
      if (columns.get(i).metadata.isStatic()) {
        statics.add(i);
      }
    }
    if (!clustered || statics.isEmpty()) {
      return -1;
    }
    List<Integer> markers = new ArrayList<>(List.of(timestamp(), ttl()));
    markers.addAll(statics);
    markers.addAll(range(0, partitionKeyCount));
    statements.add(
        new Statement(
            "UPDATE "
                + qualifiedTable
                + " USING TIMESTAMP ? AND TTL ? SET "
                + String.join(", ", statics.stream().map(i -> quoted(i) + " = ?").toList())
                + where(range(0, partitionKeyCount)),
            markers));
    return statements.size() - 1;
  }

  /**
   * Adds, for each non-frozen collection or user-defined type, the deletion of the whole value,
   * then the addition of elements to it (a set, map or list) or the setting of each field (a type),
   * by the key of its row (of its partition, for a static one).
   */
  private void addElementStatements(String qualifiedTable) {
    for (int i = keyCount; i < columns.size(); i++) {
      DataType type = columns.get(i).metadata.getType();
      if (!DriverValues.multiCell(type)) {
        continue;
      }
      List<Integer> key =
          range(0, columns.get(i).metadata.isStatic() ? partitionKeyCount : keyCount);
      int deletionStatement = statements.size();
      List<Integer> deletion = new ArrayList<>(List.of(timestamp()));
      deletion.addAll(key);
      statements.add(
          new Statement(
              "UPDATE "
                  + qualifiedTable
                  + " USING TIMESTAMP ? SET "
                  + quoted(i)
                  + " = null"
                  + where(key),
              deletion));
      if (type instanceof UserDefinedType udt) {
        fieldStatements.put(i, deletionStatement);
        for (CqlIdentifier field : udt.getFieldNames()) {
          statements.add(
              timedUpdate(qualifiedTable, quoted(i) + "." + field.asCql(true) + " = ?", i, key));
        }
        continue;
      }
      elementStatements.put(i, deletionStatement);
      statements.add(timedUpdate(qualifiedTable, quoted(i) + " = " + quoted(i) + " + ?", i, key));
    }
  }

  /**
   * An update at a write's timestamp and TTL of one {@code assignment}, whose value is the write's
   * value {@code column}, of the row (or partition) {@code key} names.
   */
  private Statement timedUpdate(
      String qualifiedTable, String assignment, int column, List<Integer> key) {
    List<Integer> markers = new ArrayList<>(List.of(timestamp(), ttl(), column));
    markers.addAll(key);
    return new Statement(
        "UPDATE " + qualifiedTable + " USING TIMESTAMP ? AND TTL ? SET " + assignment + where(key),
        markers);
  }

  /** The marker value that is a write's timestamp. */
  private int timestamp() {
    return columns.size();
  }

  /** The marker value that is a write's TTL. */
  private int ttl() {
    return columns.size() + 1;
  }

  private static List<Integer> range(int from, int to) {
    List<Integer> indexes = new ArrayList<>();
    for (int i = from; i < to; i++) {
      indexes.add(i);
    }
    return indexes;
  }

  private String quoted(int column) {
    return columns.get(column).metadata.getName().asCql(true);
  }

  private String where(List<Integer> key) {
    return " WHERE " + String.join(" AND ", key.stream().map(i -> quoted(i) + " = ?").toList());
  }

  /** The table's columns in the order of every write's values: the primary key first. */
  public List<String> columns() {
    return columns.stream().map(column -> column.metadata.getName().asCql(true)).toList();
  }

  /** The statements writes go through, by the number a {@link Write} gives. */
  public List<Statement> statements() {
    return statements;
  }

  /**
   * The writes that store {@code row}, each with its cells' expiry; none when every cell of the row
   * that expires has expired since the read, and nothing else is left to write.
   *
   * @throws IllegalArgumentException with a sentence saying why when the row cannot be written so
   *     (a value its column's type cannot encode)
   */
  public List<Write> writes(Row row) {
    long now = System.currentTimeMillis();
    boolean staticOnly =
        clustered && staticUpdate >= 0 && row.values().get(columns.get(keyCount - 1).name) == null;
    ByteBuffer[] key = new ByteBuffer[keyCount];
    for (int i = 0; i < keyCount; i++) {
      key[i] = encode(columns.get(i), row.values().get(columns.get(i).name));
    }
    Map<Group, List<Integer>> groups = new LinkedHashMap<>();
    List<Write> writes = new ArrayList<>();
    boolean expired = false;
    boolean rowCellUpdated = false;
    for (int i = keyCount; i < columns.size(); i++) {
      BoundColumn column = columns.get(i);
      Object value = row.values().get(column.name);
      // A static column's null is never written: a table source gives a partition's static
      // lists with its first row only (TableScan), and null in the others.
      if (value == null
          && !(writeNulls
              && row.values().containsKey(column.name)
              && !column.metadata.isStatic())) {
        continue;
      }
      CellTime time = row.cellTimes().get(column.name);
      if (time != null && elementStatements.containsKey(i) && ElementTimes.apply(value, time)) {
        boolean written = writeElements(i, value, time, key, now, writes);
        expired |= !written;
        rowCellUpdated |= written && !column.metadata.isStatic();
        continue;
      }
      if (time != null
          && value != null
          && fieldStatements.containsKey(i)
          && FieldTimes.apply((UserDefinedType) column.metadata.getType(), time)) {
        FieldTimes fields =
            FieldTimes.of((UserDefinedType) column.metadata.getType(), value, time, now);
        if (fields.fields().isEmpty()) {
          expired |= fields.someExpired();
        } else {
          writeFields(i, fields, key, writes);
          rowCellUpdated |= !column.metadata.isStatic();
        }
        continue;
      }
      if (time != null && time.expiredAt(now)) {
        expired = true;
        continue;
      }
      Group group =
          time == null
              ? new Group(row.writeTimestampMicros(), null)
              : new Group(time.writetimeMicros(), time.expiresAtSecond());
      groups.computeIfAbsent(group, g -> new ArrayList<>()).add(i);
    }
    if (groups.isEmpty() && writes.isEmpty() && expired) {
      return List.of();
    }
    if (groups.isEmpty() && (writes.isEmpty() || !rowCellUpdated && !staticOnly)) {
      // Updates make no row: see CellTimeInserts.
      groups.put(new Group(row.writeTimestampMicros(), null), List.of());
    }
    List<Write> all = new ArrayList<>(groups.size() + writes.size());
    groups.forEach(
        (group, indexes) -> {
          ByteBuffer[] values = keyed(key);
          for (int i : indexes) {
            values[i] = encode(columns.get(i), row.values().get(columns.get(i).name));
          }
          all.add(
              new Write(
                  staticOnly ? staticUpdate : INSERT,
                  group.timestampMicros(),
                  group.expiresAtSecond(),
                  Arrays.asList(values)));
        });
    all.addAll(writes);
    return all;
  }

  /** The key's values, every other column unset. */
  private ByteBuffer[] keyed(ByteBuffer[] key) {
    ByteBuffer[] values = new ByteBuffer[columns.size()];
    Arrays.fill(values, UNSET);
    System.arraycopy(key, 0, values, 0, keyCount);
    return values;
  }

  /**
   * The deletion of the collection just before its oldest element, then its elements grouped by
   * (write time, TTL), each group added to it at its time, as {@link CellTimeInserts} writes them;
   * nothing when every element has expired at {@code now}, which returns false.
   */
  private boolean writeElements(
      int column, Object value, CellTime time, ByteBuffer[] key, long now, List<Write> out) {
    ElementTimes elements = ElementTimes.of(value, time, now);
    if (elements.parts().isEmpty()) {
      return false;
    }
    int deletion = elementStatements.get(column);
    out.add(new Write(deletion, elements.oldestMicros() - 1, null, Arrays.asList(keyed(key))));
    for (ElementTimes.Part part : elements.parts()) {
      ByteBuffer[] values = keyed(key);
      values[column] = encode(columns.get(column), part.value());
      out.add(
          new Write(
              deletion + 1,
              part.time().writetimeMicros(),
              part.time().expiresAtSecond(),
              Arrays.asList(values)));
    }
    return true;
  }

  /**
   * The deletion of a user-defined type's value just before its oldest field, then each field set
   * at its own time and TTL, as {@link CellTimeInserts} writes them.
   */
  private void writeFields(int column, FieldTimes fields, ByteBuffer[] key, List<Write> out) {
    int deletion = fieldStatements.get(column);
    out.add(new Write(deletion, fields.oldestMicros() - 1, null, Arrays.asList(keyed(key))));
    for (FieldTimes.Field field : fields.fields()) {
      ByteBuffer[] values = keyed(key);
      values[column] = field.value();
      out.add(
          new Write(
              deletion + 1 + field.index(),
              field.time().writetimeMicros(),
              field.time().expiresAtSecond(),
              Arrays.asList(values)));
    }
  }

  /**
   * About how many bytes {@code row} takes in an SSTable before compression: its encoded values,
   * and for each cell and row the room their timestamps and headers take.
   */
  public long estimatedBytes(Row row) {
    long bytes = ROW_OVERHEAD;
    for (Write write : writes(row)) {
      for (ByteBuffer value : write.values()) {
        if (value != UNSET) {
          bytes += CELL_OVERHEAD + (value == null ? 0 : value.remaining());
        }
      }
    }
    return bytes;
  }

  private static ByteBuffer encode(BoundColumn column, Object value) {
    try {
      return column.encode(value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "column " + column.name + " cannot hold the value given: " + e.getMessage(), e);
    }
  }
}
