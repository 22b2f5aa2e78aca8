package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.sink.Row;
import io.sluice.core.source.CellTime;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Writes a row whose cells carry their own write times and TTLs, as a table source reads them: the
 * row's regular columns are grouped by (write time, TTL), and each group is one {@code INSERT ...
 * USING TIMESTAMP ? AND TTL ?} of the primary key and the group's columns. Several groups go in one
 * unlogged batch of a single partition, which is one request and is applied at once. Columns
 * without a cell time of their own form a group at the row's timestamp, with no TTL clause (the
 * table's default applies, as for every other row). A cell time's TTL of 0 is bound as 0: the
 * source cell does not expire, so neither does its copy.
 *
 * <p>A row without clustering values is a partition's static cells alone (the mapper lets no other
 * such row through): it is inserted by its partition key only, which CQL allows for static columns.
 * The sink sends such rows here even when they carry no cell times.
 *
 * <p>A non-frozen set, map or list whose cell time carries each element's time (a Cassandra 5.0
 * source) is written element by element instead, so that every element keeps its own time and TTL:
 * a deletion of the collection just before its oldest element (as a whole-collection write makes
 * one just before its own time), then one {@code UPDATE ... SET c = c + ?} per (write time, TTL) of
 * its elements; a list's elements are appended in runs of one time, in its order, in the same
 * batch. (A list's elements are appended whatever the write: a list written again, whole or so,
 * holds its elements twice, CASSANDRA-11368.) A non-frozen user-defined type is written field by
 * field likewise, after the same deletion: {@code UPDATE ... SET c.f = ?} at each field's time.
 *
 * <p>A TTL is what the source cell has left at the moment the statement is made, so that the copy
 * expires when the source cell does however long after the read it is written; a cell expired by
 * then is not written, and a row whose every timed cell has expired is not written at all (as its
 * copy, written in time, would have expired with it).
 *
 * <p>One statement is prepared per shape (the group's columns, with or without TTL) and kept.
 */
final class CellTimeInserts {

  private final CqlSession session;
  private final String tableName;
  private final List<BoundColumn> key = new ArrayList<>();
  private final List<BoundColumn> partitionKey = new ArrayList<>();
  private final List<BoundColumn> clustering = new ArrayList<>();
  private final List<BoundColumn> regular = new ArrayList<>();
  private final boolean writeNulls;
  private final Map<Shape, PreparedStatement> prepared = new ConcurrentHashMap<>();
  private final Map<String, PreparedStatement> preparedUpdates = new ConcurrentHashMap<>();

  CellTimeInserts(
      CqlSession session, TableMetadata table, List<BoundColumn> columns, boolean writeNulls) {
    this.session = session;
    this.tableName = table.getKeyspace().asCql(true) + "." + table.getName().asCql(true);
    Set<ColumnMetadata> primaryKey = Set.copyOf(table.getPrimaryKey());
    Set<ColumnMetadata> partition = Set.copyOf(table.getPartitionKey());
    for (BoundColumn column : columns) {
      (primaryKey.contains(column.metadata) ? key : regular).add(column);
      if (primaryKey.contains(column.metadata)) {
        (partition.contains(column.metadata) ? partitionKey : clustering).add(column);
      }
    }
    this.writeNulls = writeNulls;
  }

  /**
   * The statement writing {@code row}: one insert, or a batch of one insert per group; null when
   * every cell of the row that expires has expired, and nothing else is left to write.
   */
  Statement<?> statement(Row row) {
    long now = System.currentTimeMillis();
    CellTimeGroups groups = new CellTimeGroups(regular.size());
    // The regular columns' values, by index, looked up once.
    Object[] values = new Object[regular.size()];
    List<BoundStatement> elementWrites = new ArrayList<>(0);
    boolean rowCellUpdated = false;
    boolean staticOnly = staticOnly(row);
    List<BoundColumn> rowKey = staticOnly ? partitionKey : key;
    boolean expired = false;
    for (int c = 0; c < regular.size(); c++) {
      BoundColumn column = regular.get(c);
      Object value = row.values().get(column.name);
      // A static column's null is never written: a table source gives a partition's static
      // lists with its first row only (TableScan), and null in the others.
      if (value == null
          && !(writeNulls
              && row.values().containsKey(column.name)
              && !column.metadata.isStatic())) {
        continue;
      }
      values[c] = value;
      CellTime time = row.cellTimes().get(column.name);
      List<BoundColumn> where = column.metadata.isStatic() ? partitionKey : rowKey;
      if (time != null && value != null && elementWise(column, value, time)) {
        boolean written = writeElements(row, column, time, where, now, elementWrites);
        expired |= !written;
        rowCellUpdated |= written && !column.metadata.isStatic();
        continue;
      }
      if (time != null
          && value != null
          && column.metadata.getType() instanceof UserDefinedType udt
          && FieldTimes.apply(udt, time)) {
        FieldTimes fields = FieldTimes.of(udt, value, time, now);
        if (fields.fields().isEmpty()) {
          expired |= fields.someExpired();
        } else {
          writeFields(row, column, fields, where, now, elementWrites);
          rowCellUpdated |= !column.metadata.isStatic();
        }
        continue;
      }
      if (time != null && time.expiredAt(now)) {
        expired = true;
        continue;
      }
      if (time == null) {
        groups.add(c, row.writeTimestampMicros(), CellTimeGroups.NO_TTL);
      } else {
        groups.add(c, time.writetimeMicros(), time.ttlSecondsAt(now));
      }
    }
    if (groups.isEmpty() && elementWrites.isEmpty() && expired) {
      return null;
    }
    if (groups.isEmpty() && (elementWrites.isEmpty() || !rowCellUpdated && !staticOnly)) {
      // Updates make no row: a row whose only cells are static ones written so needs its key
      // inserted too, as a row without cells of its own is.
      groups.addEmpty(row.writeTimestampMicros(), CellTimeGroups.NO_TTL);
    }
    if (groups.size() + elementWrites.size() == 1) {
      return groups.isEmpty()
          ? elementWrites.get(0)
          : insert(row, values, groups, 0, staticOnly, rowKey);
    }
    // A builder: adding to a BatchStatement copies all its statements each time.
    BatchStatementBuilder batch =
        new BatchStatementBuilder(BatchType.UNLOGGED).setIdempotence(true);
    for (int g = 0; g < groups.size(); g++) {
      batch.addStatement(insert(row, values, groups, g, staticOnly, rowKey));
    }
    for (BoundStatement write : elementWrites) {
      batch.addStatement(write);
    }
    return batch.build();
  }

  /**
   * Whether a non-frozen set, map or list value is written element by element, each at the time the
   * source gave.
   */
  private static boolean elementWise(BoundColumn column, Object value, CellTime time) {
    DataType type = column.metadata.getType();
    return DriverValues.multiCell(type)
        && (type instanceof SetType || type instanceof MapType || type instanceof ListType)
        && ElementTimes.apply(value, time);
  }

  /**
   * The deletion of the collection just before its oldest element, then its elements part by part
   * (grouped by write time and TTL; for a list, runs of one time in its order), each added to it at
   * its time; nothing when every element has expired at {@code now}, which returns false.
   */
  private boolean writeElements(
      Row row,
      BoundColumn column,
      CellTime time,
      List<BoundColumn> where,
      long now,
      List<BoundStatement> out) {
    ElementTimes elements = ElementTimes.of(row.values().get(column.name), time, now);
    if (elements.parts().isEmpty()) {
      return false;
    }
    out.add(deletion(row, column, where, elements.oldestMicros() - 1));
    String addition = quoted(column) + " = " + quoted(column) + " + ?";
    for (ElementTimes.Part part : elements.parts()) {
      BoundStatementBuilder builder = timedUpdate(row, where, addition, part.time(), now);
      out.add(column.bind(builder, 2, part.value()).setIdempotence(true).build());
    }
    return true;
  }

  /**
   * The deletion of a user-defined type's value just before its oldest field, then each field set
   * at its own time and TTL.
   */
  private void writeFields(
      Row row,
      BoundColumn column,
      FieldTimes fields,
      List<BoundColumn> where,
      long now,
      List<BoundStatement> out) {
    UserDefinedType type = (UserDefinedType) column.metadata.getType();
    out.add(deletion(row, column, where, fields.oldestMicros() - 1));
    for (FieldTimes.Field field : fields.fields()) {
      String setter =
          quoted(column) + "." + type.getFieldNames().get(field.index()).asCql(true) + " = ?";
      out.add(
          timedUpdate(row, where, setter, field.time(), now)
              .setBytesUnsafe(2, field.value())
              .setIdempotence(true)
              .build());
    }
  }

  /**
   * An update of the row (or partition) {@code where} names, at {@code time}'s write time and with
   * the TTL it has left at {@code now}, of one {@code assignment} whose value is bound third.
   */
  private BoundStatementBuilder timedUpdate(
      Row row, List<BoundColumn> where, String assignment, CellTime time, long now) {
    return bindWhere(
            row,
            where,
            prepared(
                "UPDATE "
                    + tableName
                    + " USING TIMESTAMP ? AND TTL ? SET "
                    + assignment
                    + " WHERE "
                    + conditions(where)),
            3)
        .setLong(0, time.writetimeMicros())
        .setInt(1, time.ttlSecondsAt(now));
  }

  /** The deletion of a whole multi-cell value at {@code timestampMicros}. */
  private BoundStatement deletion(
      Row row, BoundColumn column, List<BoundColumn> where, long timestampMicros) {
    return bindWhere(
            row,
            where,
            prepared(
                "UPDATE "
                    + tableName
                    + " USING TIMESTAMP ? SET "
                    + quoted(column)
                    + " = null WHERE "
                    + conditions(where)),
            1)
        .setLong(0, timestampMicros)
        .setIdempotence(true)
        .build();
  }

  /** Binds the key columns of {@code where} after the statement's first {@code from} values. */
  private static BoundStatementBuilder bindWhere(
      Row row, List<BoundColumn> where, PreparedStatement statement, int from) {
    BoundStatementBuilder builder = statement.boundStatementBuilder();
    for (int i = 0; i < where.size(); i++) {
      builder = where.get(i).bind(builder, from + i, row.values().get(where.get(i).name));
    }
    return builder;
  }

  private static String conditions(List<BoundColumn> where) {
    return where.stream().map(c -> quoted(c) + " = ?").collect(Collectors.joining(" AND "));
  }

  private static String quoted(BoundColumn column) {
    return CqlIdentifiers.quoteIfNeeded(column.name);
  }

  private PreparedStatement prepared(String cql) {
    return preparedUpdates.computeIfAbsent(cql, session::prepare);
  }

  /**
   * Whether the row is a partition's static cells alone: it has no clustering values (the mapper
   * lets such a row through only when it holds static values and no regular one).
   */
  boolean staticOnly(Row row) {
    return !clustering.isEmpty() && row.values().get(clustering.get(0).name) == null;
  }

  /**
   * The insert of group {@code group}: the row's key, then the group's columns (their values in
   * {@code values}, by index), at the group's write time and TTL.
   */
  private BoundStatement insert(
      Row row,
      Object[] values,
      CellTimeGroups groups,
      int group,
      boolean staticOnly,
      List<BoundColumn> rowKey) {
    BitSet columns = groups.columns(group);
    int ttl = groups.ttlSeconds(group);
    boolean withTtl = ttl != CellTimeGroups.NO_TTL;
    PreparedStatement statement =
        prepared.computeIfAbsent(new Shape(staticOnly, columns, withTtl), this::prepare);
    BoundStatementBuilder builder = statement.boundStatementBuilder();
    int i = 0;
    for (BoundColumn column : rowKey) {
      builder = bindOrNull(builder, column, i++, row.values().get(column.name));
    }
    for (int c = columns.nextSetBit(0); c >= 0; c = columns.nextSetBit(c + 1)) {
      builder = bindOrNull(builder, regular.get(c), i++, values[c]);
    }
    builder = builder.setLong(i, groups.writetimeMicros(group));
    if (withTtl) {
      builder = builder.setInt(i + 1, ttl);
    }
    return builder.setIdempotence(true).build();
  }

  private static BoundStatementBuilder bindOrNull(
      BoundStatementBuilder builder, BoundColumn column, int index, Object value) {
    return value == null ? builder.setToNull(index) : column.bind(builder, index, value);
  }

  private PreparedStatement prepare(Shape shape) {
    List<BoundColumn> names = new ArrayList<>(shape.partitionOnly() ? partitionKey : key);
    shape.columns().stream().mapToObj(regular::get).forEach(names::add);
    return session.prepare(
        "INSERT INTO "
            + tableName
            + " ("
            + names.stream().map(CellTimeInserts::quoted).collect(Collectors.joining(", "))
            + ") VALUES ("
            + names.stream().map(n -> "?").collect(Collectors.joining(", "))
            + ") USING TIMESTAMP ?"
            + (shape.withTtl() ? " AND TTL ?" : ""));
  }

  /**
   * What a prepared insert looks like: whether its key is the partition key alone (static cells),
   * its other columns (indexes of the regular ones), and whether it sets a TTL.
   */
  private record Shape(boolean partitionOnly, BitSet columns, boolean withTtl) {}
}
