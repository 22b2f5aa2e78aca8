package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.KeyColumn;
import io.sluice.core.validate.PrimaryKey;
import io.sluice.core.validate.ValidatingTarget;
import io.sluice.core.validate.ValidationSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A Cassandra-family table as a job's {@link Target}: one session, its schema, its sink, and for
 * {@code sluice validate} the checking sink, the full scan of its primary keys and row deletions.
 */
public final class CassandraTarget implements ValidatingTarget {

  /** Rows per page of the full scan of the table's primary keys. */
  private static final int SCAN_PAGE_SIZE = 5_000;

  private final SharedSessions.Share share;
  private final CqlSession session;
  private final TargetSpec spec;
  private final TableMetadata table;
  private final TableSchema schema;
  private final Clock clock;
  private final List<String> problems;

  private CassandraTarget(
      SharedSessions.Share share,
      TargetSpec spec,
      TableMetadata table,
      Clock clock,
      List<String> problems) {
    this.share = share;
    this.session = share.session();
    this.spec = spec;
    this.table = table;
    this.schema = TableSchemaReader.read(table);
    this.clock = clock;
    this.problems = List.copyOf(problems);
  }

  /** Connects to the target's cluster and reads its table; fails clearly if it is missing. */
  public static CassandraTarget connect(TargetSpec spec, Path baseDir) {
    return connect(spec, baseDir, "writes", SessionFactory::connectForKeyspace);
  }

  /**
   * Connects as {@link #connect} does, for a validation, whose scans of the table read faster over
   * native protocol v4 ({@link SessionFactory#openForScans}).
   */
  public static CassandraTarget connectToCheck(TargetSpec spec, Path baseDir) {
    return connect(spec, baseDir, "scans", SessionFactory::connectForScans);
  }

  /** How a target's session is opened: for writes, or for scans. */
  private interface Opener {
    CqlSession open(ClusterSpec cluster, Path baseDir, String keyspace);
  }

  /** Connects over a share of the session opened for {@code use} by {@code opener}. */
  private static CassandraTarget connect(TargetSpec spec, Path baseDir, String use, Opener opener) {
    SharedSessions.Share share =
        SharedSessions.acquire(
            spec.cluster(),
            baseDir,
            spec.keyspace(),
            use,
            () -> opener.open(spec.cluster(), baseDir, spec.keyspace()));
    CqlSession session = share.session();
    Optional<String> datacenter = SessionFactory.datacenterProblem(spec.cluster(), session);
    try {
      return new CassandraTarget(
          share,
          spec,
          TableSchemaReader.tableMetadata(session, spec.keyspace(), spec.table()),
          Clock.systemUTC(),
          datacenter.map(List::of).orElse(List.of()));
    } catch (RuntimeException e) {
      share.close();
      throw datacenter
          .map(problem -> new IllegalArgumentException(problem + " " + e.getMessage(), e))
          .orElseThrow(() -> e);
    }
  }

  /**
   * A local datacenter the cluster does not have, found on connecting; the table is read anyway.
   */
  @Override
  public List<String> problems() {
    return problems;
  }

  public CqlSession session() {
    return session;
  }

  @Override
  public TableSchema schema() {
    return schema;
  }

  /**
   * The table's writer: {@link CounterDeltaSink} for a counter table, which can only be added to
   * (the job's write rule check lets such a table through only when the job asked for counters to
   * be copied), else {@link CassandraSink}.
   */
  @Override
  public Sink openSink(FlowSpec flow, FlowFeedback feedback) {
    return openSink(session, table, spec.writeNulls(), flow, feedback);
  }

  static Sink openSink(
      CqlSession session,
      TableMetadata table,
      boolean writeNulls,
      FlowSpec flow,
      FlowFeedback feedback) {
    return TableSchemaReader.read(table).counterTable()
        ? new CounterDeltaSink(session, table, flow, feedback)
        : new CassandraSink(session, table, writeNulls, flow, feedback);
  }

  @Override
  public BacklogProbe backlogProbe(CompactionSpec compaction) {
    return BacklogProbes.open(session, compaction);
  }

  @Override
  public Sink openChecker(
      FlowSpec flow, FlowFeedback feedback, ValidationSpec validation, List<String> columns) {
    return openChecker(flow, feedback, validation, columns, false);
  }

  @Override
  public Sink openChecker(
      FlowSpec flow,
      FlowFeedback feedback,
      ValidationSpec validation,
      List<String> columns,
      boolean findsExtra) {
    return new CassandraRowChecker(
        session,
        table,
        schema,
        spec.writeNulls(),
        flow,
        feedback,
        validation,
        columns,
        findsExtra,
        this::nowMicros);
  }

  @Override
  public List<KeyColumn> keyColumns() {
    return TableKeys.of(table);
  }

  /**
   * Reads every primary key with one paged query over the whole table. Parallel scans of token
   * ranges would be faster on large clusters; they are not done yet.
   */
  @Override
  public void scanPrimaryKeys(Consumer<Map<String, Object>> keys) {
    List<ColumnMetadata> columns = new ArrayList<>(table.getPartitionKey());
    columns.addAll(table.getClusteringColumns().keySet());
    String names =
        columns.stream().map(c -> c.getName().asCql(true)).collect(Collectors.joining(", "));
    SimpleStatement scan =
        SimpleStatement.newInstance("SELECT " + names + " FROM " + qualifiedName())
            .setPageSize(SCAN_PAGE_SIZE)
            .setTimeout(Duration.ofSeconds(60));
    for (Row row : session.execute(scan)) {
      Map<String, Object> key = new LinkedHashMap<>();
      for (int i = 0; i < columns.size(); i++) {
        ColumnMetadata column = columns.get(i);
        key.put(
            column.getName().asInternal(),
            DriverValues.fromDriver(row.getObject(i), column.getType()));
      }
      keys.accept(key);
    }
  }

  @Override
  public void deleteRow(PrimaryKey key, long timestampMicros) {
    session.execute(
        SimpleStatement.newInstance(
                "DELETE FROM "
                    + qualifiedName()
                    + " USING TIMESTAMP "
                    + timestampMicros
                    + " WHERE "
                    + key.whereClause())
            .setIdempotent(true));
  }

  private String qualifiedName() {
    return table.getKeyspace().asCql(true) + "." + table.getName().asCql(true);
  }

  private long nowMicros() {
    return ChronoUnit.MICROS.between(Instant.EPOCH, clock.instant());
  }

  @Override
  public void close() {
    share.close();
  }
}
