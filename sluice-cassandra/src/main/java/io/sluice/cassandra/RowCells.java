package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.core.sink.Row;
import io.sluice.core.source.CellTime;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A row's values in the CQL native protocol's form, for a writer that speaks no CQL to a cluster
 * (the SSTable writer): the row's cells grouped by (write time, TTL) as {@link CellTimeInserts}
 * groups them, each group one write of the primary key and the group's columns, every other column
 * left unset. A non-frozen collection is written whole, at its newest element's time.
 */
public final class RowCells {

  /** Marks a column a write leaves unset; compare by identity. */
  public static final ByteBuffer UNSET = ByteBuffer.allocate(0).asReadOnlyBuffer();

  /**
   * One write of a row.
   *
   * @param timestampMicros its write timestamp
   * @param ttlSeconds its TTL, or null for the table's default
   * @param values one per column of {@link #columns()}: the encoded value, null for a null value
   *     (which deletes the cell), or {@link #UNSET}
   */
  public record Write(long timestampMicros, Integer ttlSeconds, List<ByteBuffer> values) {}

  private record Group(long timestampMicros, Integer ttlSeconds) {}

  private static final int ROW_OVERHEAD = 16;
  private static final int CELL_OVERHEAD = 10;

  private final List<BoundColumn> columns = new ArrayList<>();
  private final int keyCount;
  private final boolean clustered;
  private final boolean writeNulls;

  public RowCells(TableMetadata table, boolean writeNulls) {
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
    this.clustered = !table.getClusteringColumns().isEmpty();
    this.writeNulls = writeNulls;
  }

  /** The table's columns in the order of every write's values: the primary key first. */
  public List<String> columns() {
    return columns.stream().map(column -> column.metadata.getName().asCql(true)).toList();
  }

  /**
   * The writes that store {@code row}.
   *
   * @throws IllegalArgumentException with a sentence saying why when the row cannot be written so
   *     (a value its column's type cannot encode, or a partition's static cells alone)
   */
  public List<Write> writes(Row row) {
    if (clustered && row.values().get(columns.get(keyCount - 1).name) == null) {
      throw new IllegalArgumentException(
          "a row of a partition's static cells alone cannot be written as SSTables yet");
    }
    ByteBuffer[] key = new ByteBuffer[keyCount];
    for (int i = 0; i < keyCount; i++) {
      key[i] = encode(columns.get(i), row.values().get(columns.get(i).name));
    }
    Map<Group, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = keyCount; i < columns.size(); i++) {
      BoundColumn column = columns.get(i);
      Object value = row.values().get(column.name);
      if (value == null && !(writeNulls && row.values().containsKey(column.name))) {
        continue;
      }
      CellTime time = row.cellTimes().get(column.name);
      Group group =
          time == null
              ? new Group(row.writeTimestampMicros(), null)
              : new Group(time.writetimeMicros(), time.ttlSeconds());
      groups.computeIfAbsent(group, g -> new ArrayList<>()).add(i);
    }
    if (groups.isEmpty()) {
      groups.put(new Group(row.writeTimestampMicros(), null), List.of());
    }
    List<Write> writes = new ArrayList<>(groups.size());
    groups.forEach(
        (group, indexes) -> {
          List<ByteBuffer> values = new ArrayList<>(columns.size());
          for (int i = 0; i < columns.size(); i++) {
            values.add(i < keyCount ? key[i] : UNSET);
          }
          for (int i : indexes) {
            values.set(i, encode(columns.get(i), row.values().get(columns.get(i).name)));
          }
          writes.add(new Write(group.timestampMicros(), group.ttlSeconds(), values));
        });
    return writes;
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
