package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.sluice.cassandra.ColumnDecoders;
import io.sluice.cassandra.TableKeys;
import io.sluice.core.flow.TokenBucket;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.KeyColumn;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The scan of one table by token interval: which columns it reads, the CQL that reads them with
 * each cell's write time and TTL, and how a row of its result becomes a record's fields and cell
 * times. Every selected column that is not part of the primary key is read as {@code c,
 * WRITETIME(c), TTL(c)}, but a counter, which has neither (Cassandra refuses to be asked), as
 * {@code c} alone. For a non-frozen collection Cassandra 5.0 gives one write time and TTL per
 * element (CASSANDRA-8877): the cell time carries them all, in the collection's order, and the
 * newest as the collection's own (the sink writes each element, or field of a user-defined type, at
 * its own time).
 */
final class TableScan {

  private final TableMetadata metadata;
  private final String resource;
  private final String keyspace;
  private final String table;
  private final List<ColumnMetadata> key;
  private final List<ColumnMetadata> timed;
  private final int partitionKeySize;
  private final String partitionToken;
  private final String consistency;
  private final int fetchSize;
  private final TokenBucket readRate;
  private final ReadLatencyWatch latencyWatch;
  private final Duration outagePatience;
  private PreparedStatement prepared;
  private volatile ColumnDecoders decoders;

  private TableScan(
      String sourceName,
      TableMetadata metadata,
      List<ColumnMetadata> key,
      List<ColumnMetadata> timed,
      TableSourceOptions options) {
    this.metadata = metadata;
    this.keyspace = metadata.getKeyspace().asCql(true);
    this.table = metadata.getName().asCql(true);
    this.resource = metadata.getKeyspace().asInternal() + "." + metadata.getName().asInternal();
    this.key = key;
    this.timed = timed;
    this.partitionKeySize = metadata.getPartitionKey().size();
    this.partitionToken =
        "token("
            + metadata.getPartitionKey().stream()
                .map(c -> c.getName().asCql(true))
                .collect(Collectors.joining(", "))
            + ")";
    this.consistency = options.consistency();
    this.fetchSize = options.fetchSize();
    this.readRate =
        options.rowsPerSecond() == null ? null : new TokenBucket(options.rowsPerSecond());
    this.latencyWatch = new ReadLatencyWatch(sourceName, options.readLatencyMs());
    this.outagePatience = options.outagePatienceDuration();
  }

  /**
   * Waits until a page may be asked for: when the source has a read rate, a page's worth of rows
   * ({@code fetch-size}) is taken from it before each request, by every split alike; and while the
   * source's pages are slow, the {@link ReadLatencyWatch} spaces them out.
   */
  void paceOnePage() throws InterruptedException {
    if (readRate != null) {
      long wait = readRate.reserve(fetchSize, System.nanoTime());
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
    }
    long wait = latencyWatch.reserve(System.nanoTime());
    if (wait > 0) {
      TimeUnit.NANOSECONDS.sleep(wait);
    }
  }

  /** How long reads wait for a source cluster that stopped answering. */
  Duration outagePatience() {
    return outagePatience;
  }

  /** Tells the source's latency watch how long a page took, from its request to its answer. */
  void pageAnswered(long latencyNanos) {
    latencyWatch.answered(latencyNanos, System.nanoTime());
  }

  /**
   * @throws IllegalArgumentException naming the columns the table lacks, or its counter columns,
   *     which are copied only with {@code counter-tables: copy}
   */
  static TableScan of(String sourceName, TableMetadata metadata, TableSourceOptions options) {
    String where = "source '" + sourceName + "'";
    List<ColumnMetadata> key = new ArrayList<>(metadata.getPrimaryKey());
    Set<ColumnMetadata> keySet = Set.copyOf(key);
    List<ColumnMetadata> timed = new ArrayList<>();
    if (options.columns().isEmpty()) {
      metadata.getColumns().values().stream().filter(c -> !keySet.contains(c)).forEach(timed::add);
    } else {
      List<String> unknown = new ArrayList<>();
      for (String name : options.columns()) {
        ColumnMetadata column = metadata.getColumn(CqlIdentifier.fromInternal(name)).orElse(null);
        if (column == null) {
          unknown.add(name);
        } else if (!keySet.contains(column)) {
          timed.add(column);
        }
      }
      if (!unknown.isEmpty()) {
        throw new IllegalArgumentException(
            where + ": table " + metadata.getName().asInternal() + " has no columns " + unknown);
      }
    }
    List<String> counters = new ArrayList<>();
    for (ColumnMetadata column : metadata.getColumns().values()) {
      if (column.getType().equals(DataTypes.COUNTER)) {
        counters.add(column.getName().asInternal());
      }
    }
    if (!counters.isEmpty() && !options.copiesCounters()) {
      throw new IllegalArgumentException(
          where
              + ": counter columns "
              + counters
              + " cannot be copied: a counter is written by adding to it, so a copy that is"
              + " retried or resumed would add twice; with counter-tables: copy, Sluice copies"
              + " them by adding differences (see keyspace.md).");
    }
    return new TableScan(sourceName, metadata, key, timed, options);
  }

  /** The table, as {@code keyspace.table}: the resource of every split and record. */
  String resource() {
    return resource;
  }

  /** The CQL creating the same table as {@code keyspace.table}, with the columns copied. */
  String copiedCql(String keyspace, String table) {
    List<ColumnMetadata> columns = new ArrayList<>(key);
    columns.addAll(timed);
    List<String> statements = new ArrayList<>();
    statements.add(CopiedSchema.cql(metadata, columns, keyspace, table));
    statements.addAll(CopiedIndexes.cql(metadata, new HashSet<>(fieldNames()), keyspace, table));
    return String.join("\n", statements);
  }

  /**
   * What rule writes each non-frozen collection, user-defined type or counter column copied, one
   * sentence each: sets and maps element by element, lists and user-defined types whole, counters
   * by adding differences.
   */
  List<String> writeRules() {
    List<String> rules = new ArrayList<>();
    for (ColumnMetadata column : timed) {
      DataType type = column.getType();
      String name = column.getName().asInternal();
      if (type instanceof SetType set && !set.isFrozen()
          || type instanceof MapType map && !map.isFrozen()) {
        rules.add(name + ": each element at its own write time and with its own TTL");
      } else if (type instanceof ListType list && !list.isFrozen()) {
        rules.add(
            name
                + ": a list, each element at its own write time and with its own TTL, appended"
                + " in order (a list written again holds its elements twice)");
      } else if (type instanceof UserDefinedType udt && !udt.isFrozen()) {
        rules.add(name + ": each field at its own write time and with its own TTL");
      } else if (counter(column)) {
        rules.add(
            name
                + ": a counter, brought to the source's value by adding the difference with what"
                + " the target holds; no write time (counters have none)");
      }
    }
    return rules;
  }

  /** The table's primary key, partition key first. */
  List<KeyColumn> keyColumns() {
    return TableKeys.of(metadata);
  }

  /** The names of the fields a record holds: the primary key and the columns copied. */
  List<String> fieldNames() {
    List<String> names = new ArrayList<>();
    key.forEach(c -> names.add(c.getName().asInternal()));
    timed.forEach(c -> names.add(c.getName().asInternal()));
    return names;
  }

  /**
   * The scan of one token interval, prepared once per source.
   *
   * @throws IllegalArgumentException when the cluster refuses the scan, in one sentence (a cluster
   *     before Cassandra 5.0 gives no write time for a non-frozen collection)
   */
  synchronized BoundStatement scan(CqlSession session, long start, long end) {
    if (prepared == null) {
      try {
        prepared = session.prepare(cql());
        decoders = ColumnDecoders.of(session, prepared.getResultSetDefinitions());
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "the source cluster refuses to read "
                + resource
                + " with each cell's write time and TTL: "
                + e.getMessage(),
            e);
      }
    }
    return prepared
        .bind(start, end)
        .setPageSize(fetchSize)
        .setConsistencyLevel(DefaultConsistencyLevel.valueOf(consistency.toUpperCase()));
  }

  private String cql() {
    List<String> selected = new ArrayList<>();
    key.forEach(c -> selected.add(c.getName().asCql(true)));
    for (ColumnMetadata column : timed) {
      String name = column.getName().asCql(true);
      selected.add(name);
      if (!counter(column)) {
        selected.add("WRITETIME(" + name + ")");
        selected.add("TTL(" + name + ")");
      }
    }
    return "SELECT "
        + String.join(", ", selected)
        + " FROM "
        + keyspace
        + "."
        + table
        + " WHERE "
        + partitionToken
        + " > ? AND "
        + partitionToken
        + " <= ?";
  }

  /**
   * The record's fields: the key's values and each copied column's value, by name. A partition's
   * static non-frozen lists and static counters come with its first row only ({@code
   * partitionContinues} false): a list's elements are appended whatever the write, so a list
   * written again with each row of its partition would hold its elements once a row; a counter's
   * difference read for each row would be added once a row.
   */
  Map<String, Object> fields(Row row, boolean partitionContinues) {
    ColumnDecoders decoders = this.decoders;
    Map<String, Object> fields = new LinkedHashMap<>();
    int i = 0;
    for (ColumnMetadata column : key) {
      fields.put(column.getName().asInternal(), RowValues.toValue(decoders.decode(row, i++)));
    }
    for (ColumnMetadata column : timed) {
      if (!(partitionContinues && givenOnce(column))) {
        fields.put(column.getName().asInternal(), RowValues.toValue(decoders.decode(row, i)));
      }
      i += width(column);
    }
    return fields;
  }

  /** Whether the table has a static column read that goes with a partition's first row only. */
  boolean readsStaticsGivenOnce() {
    return timed.stream().anyMatch(TableScan::givenOnce);
  }

  /**
   * A static column given with its partition's first row only, since writing it again with each row
   * would add to it: a non-frozen list (whose elements are appended) or a counter (whose difference
   * would be read before the first row's addition lands).
   */
  private static boolean givenOnce(ColumnMetadata column) {
    return column.isStatic()
        && (column.getType() instanceof ListType list && !list.isFrozen() || counter(column));
  }

  private static boolean counter(ColumnMetadata column) {
    return column.getType().equals(DataTypes.COUNTER);
  }

  /** How many values a column takes in a row read: its value, write time and TTL, or a value. */
  private static int width(ColumnMetadata column) {
    return counter(column) ? 1 : 3;
  }

  /** The raw values of the row's partition key, which tell one partition from the next. */
  List<ByteBuffer> partitionKey(Row row) {
    List<ByteBuffer> values = new ArrayList<>(partitionKeySize);
    for (int i = 0; i < partitionKeySize; i++) {
      values.add(row.getBytesUnsafe(i));
    }
    return values;
  }

  /**
   * The write time and expiry of every cell the row holds, by column name, for a row of a page
   * asked for at {@code readAtMillis}.
   */
  Map<String, CellTime> cellTimes(Row row, long readAtMillis) {
    ColumnDecoders decoders = this.decoders;
    Map<String, CellTime> times = new LinkedHashMap<>();
    int i = key.size();
    for (ColumnMetadata column : timed) {
      CellTime time =
          counter(column)
              ? null
              : cellTime(decoders.decode(row, i + 1), decoders.decode(row, i + 2), readAtMillis);
      if (time != null && !row.isNull(i)) {
        times.put(column.getName().asInternal(), time);
      }
      i += width(column);
    }
    return times;
  }

  /**
   * One cell's time: a single write time and TTL, or for a non-frozen collection each element's,
   * with the newest element's as the collection's.
   */
  private static CellTime cellTime(Object writetime, Object ttl, long readAtMillis) {
    if (writetime instanceof Long micros) {
      return CellTime.read(micros, ttl instanceof Integer seconds ? seconds : 0, readAtMillis);
    }
    if (writetime instanceof List<?> times && !times.isEmpty()) {
      List<?> ttls = ttl instanceof List<?> list ? list : List.of();
      int newest = -1;
      for (int e = 0; e < times.size(); e++) {
        if (times.get(e) instanceof Long t && (newest < 0 || t > (Long) times.get(newest))) {
          newest = e;
        }
      }
      if (newest < 0) {
        return null;
      }
      List<CellTime> elements = new ArrayList<>(times.size());
      for (int e = 0; e < times.size(); e++) {
        Object elementTtl = e < ttls.size() ? ttls.get(e) : null;
        elements.add(
            CellTime.read(
                times.get(e) instanceof Long t ? t : (Long) times.get(newest),
                elementTtl instanceof Integer seconds ? seconds : 0,
                readAtMillis));
      }
      return new CellTime(
          (Long) times.get(newest), elements.get(newest).expiresAtSecond(), elements);
    }
    return null;
  }

  /** The row's primary key as text, for rejects and logs. */
  String keyText(Row row) {
    ColumnDecoders decoders = this.decoders;
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      Object value = decoders.decode(row, i);
      String text =
          value instanceof UdtValue udt
              ? udt.getFormattedContents()
              : value instanceof TupleValue tuple
                  ? tuple.getFormattedContents()
                  : value instanceof InetAddress address
                      ? address.getHostAddress()
                      : String.valueOf(value);
      parts.add(key.get(i).getName().asInternal() + "=" + text);
    }
    return String.join(", ", parts);
  }

  /** The encoded size of the row's values, the unit of a split's work. */
  static long bytesOf(Row row) {
    long bytes = 0;
    for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
      ByteBuffer value = row.getBytesUnsafe(i);
      bytes += value == null ? 0 : value.remaining();
    }
    return bytes;
  }
}
