package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.TargetUnavailableException;
import io.sluice.core.sink.WriteResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Writes rows to one Cassandra table with a single prepared {@code INSERT ... USING TIMESTAMP ?}
 * over all its columns. A column without a value is left unset (no tombstone) unless the target
 * says {@code null-values: write}. The driver routes each write to a replica of its partition
 * (token-aware, from the prepared statement's partition key). Rows of one record that share a
 * partition go in one unlogged batch when {@code flow.batch} is {@code partition}. A row whose
 * cells carry their own write times and TTLs is written by {@link CellTimeInserts}.
 */
final class CassandraSink implements Sink {

  private final CqlSession session;
  private final PreparedStatement insert;
  private final List<BoundColumn> columns;
  private final List<String> partitionKey;
  private final boolean writeNulls;
  private final boolean batchByPartition;
  private final int batchRows;
  private final ReplicaKeys replicas;
  private final RequestRetrier retrier;
  private final CellTimeInserts cellTimes;

  CassandraSink(
      CqlSession session,
      TableMetadata table,
      boolean writeNulls,
      FlowSpec flow,
      FlowFeedback feedback) {
    this.session = session;
    this.writeNulls = writeNulls;
    this.batchByPartition = flow.batchByPartition();
    this.columns = new ArrayList<>();
    for (ColumnMetadata column : table.getColumns().values()) {
      columns.add(new BoundColumn(column));
    }
    this.partitionKey =
        table.getPartitionKey().stream().map(c -> c.getName().asInternal()).toList();
    this.batchRows = flow.batchRows();
    this.replicas =
        flow.batchByReplica()
            ? new ReplicaKeys(
                session,
                table.getKeyspace(),
                table.getPartitionKey().stream().map(BoundColumn::new).toList())
            : null;
    String names =
        columns.stream()
            .map(c -> CqlIdentifiers.quoteIfNeeded(c.name))
            .collect(Collectors.joining(", "));
    String markers = columns.stream().map(c -> "?").collect(Collectors.joining(", "));
    this.insert =
        session.prepare(
            "INSERT INTO "
                + table.getKeyspace().asCql(true)
                + "."
                + table.getName().asCql(true)
                + " ("
                + names
                + ") VALUES ("
                + markers
                + ") USING TIMESTAMP ?");
    this.retrier =
        new RequestRetrier(session, flow.maxRetries(), flow.outagePatienceDuration(), feedback);
    this.cellTimes = new CellTimeInserts(session, table, columns, writeNulls);
  }

  /** With {@code flow.batch: replica}: the replicas of the record's first row's partition. */
  @Override
  public Object batchKey(List<Row> rows) {
    return replicas == null ? null : replicas.of(rows.get(0));
  }

  @Override
  public int batchRows() {
    return replicas == null ? 1 : batchRows;
  }

  @Override
  public int requests(List<Row> rows) {
    if (!batchByPartition || rows.size() == 1) {
      return rows.size();
    }
    return byPartition(rows).size();
  }

  /**
   * Writes the rows of one record. A row whose values the driver cannot encode (text that is not
   * valid Unicode, say) is refused by itself, before anything is sent, and the others go on.
   */
  @Override
  public CompletionStage<WriteResult> write(List<Row> rows) {
    if (rows.size() == 1) {
      Statement<?> statement;
      try {
        statement = statementFor(rows.get(0));
      } catch (RuntimeException e) {
        return CompletableFuture.completedFuture(unsendable(List.of(rows.get(0)), e));
      }
      return statement == null ? expired(1) : writeStatement(statement, rows);
    }
    List<CompletableFuture<WriteResult>> writes = new ArrayList<>(rows.size());
    for (List<Row> group : batchByPartition ? byPartition(rows).values() : List.of(rows)) {
      List<Row> sent = new ArrayList<>(group.size());
      List<Statement<?>> statements = new ArrayList<>(group.size());
      for (Row row : group) {
        try {
          Statement<?> statement = statementFor(row);
          if (statement == null) {
            writes.add(expired(1));
            continue;
          }
          statements.add(statement);
          sent.add(row);
        } catch (RuntimeException e) {
          writes.add(CompletableFuture.completedFuture(unsendable(List.of(row), e)));
        }
      }
      if (replicas != null && statements.size() > 1) {
        writes.add(writeReplicaBatch(statements, sent));
      } else if (batchByPartition && statements.size() > 1) {
        writes.add(writeStatement(batchOf(statements), sent));
      } else {
        for (int i = 0; i < statements.size(); i++) {
          writes.add(writeStatement(statements.get(i), List.of(sent.get(i))));
        }
      }
    }
    return WriteResult.allOf(writes);
  }

  /**
   * Sends rows of several records as one unlogged batch. A batch the target refuses as a whole (one
   * row it cannot take refuses them all) is sent again row by row, so that only the rows it refuses
   * are rejected, each with its own reason.
   */
  private CompletableFuture<WriteResult> writeReplicaBatch(
      List<Statement<?>> statements, List<Row> rows) {
    return writeStatement(batchOf(statements), rows)
        .thenCompose(
            result -> {
              if (result.failed().size() < rows.size()) {
                return CompletableFuture.completedFuture(result);
              }
              // Made again: a row whose cells carry their TTLs is sent with what they have left.
              List<CompletableFuture<WriteResult>> alone = new ArrayList<>(rows.size());
              for (Row row : rows) {
                Statement<?> again;
                try {
                  again = statementFor(row);
                } catch (RuntimeException e) {
                  alone.add(CompletableFuture.completedFuture(unsendable(List.of(row), e)));
                  continue;
                }
                alone.add(again == null ? expired(1) : writeStatement(again, List.of(row)));
              }
              return WriteResult.allOf(alone)
                  .thenApply(
                      each ->
                          new WriteResult(
                              each.written(), each.retries() + result.retries(), each.failed()))
                  .toCompletableFuture();
            });
  }

  /** The rows grouped by partition key, in the order each partition first appears. */
  private Map<List<Object>, List<Row>> byPartition(List<Row> rows) {
    Map<List<Object>, List<Row>> partitions = new LinkedHashMap<>();
    for (Row row : rows) {
      List<Object> key = partitionKey.stream().map(row.values()::get).toList();
      partitions.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
    }
    return partitions;
  }

  // A builder: adding to a BatchStatement copies all its statements each time.
  private static BatchStatement batchOf(List<Statement<?>> statements) {
    BatchStatementBuilder batch =
        new BatchStatementBuilder(BatchType.UNLOGGED).setIdempotence(true);
    for (Statement<?> statement : statements) {
      if (statement instanceof BatchStatement cells) {
        batch.addStatements(cells);
      } else {
        batch.addStatement((BoundStatement) statement);
      }
    }
    return batch.build();
  }

  /** Rows refused because their values could not be encoded, saying why. */
  private static WriteResult unsendable(List<Row> rows, RuntimeException error) {
    String reason = "cannot be sent: " + UnsendableValues.describe(error);
    return new WriteResult(
        0, 0, rows.stream().map(row -> new WriteResult.FailedRow(row, reason)).toList());
  }

  /**
   * Rows whose every expiring cell expired between the read and the write: the target is as the
   * source is, without them, so they count as written.
   */
  private static CompletableFuture<WriteResult> expired(int rows) {
    return CompletableFuture.completedFuture(new WriteResult(rows, 0, List.of()));
  }

  private CompletableFuture<WriteResult> writeStatement(Statement<?> statement, List<Row> rows) {
    PendingWrite write = new PendingWrite(rows, carryCellTimes(rows) ? () -> remade(rows) : null);
    retrier.execute(statement, write);
    return write;
  }

  private static boolean carryCellTimes(List<Row> rows) {
    for (Row row : rows) {
      if (!row.cellTimes().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The statement writing {@code rows} made again, with the TTLs their cells have left now (see
   * {@link RequestRetrier.Completion#resend}); null when every row has expired since.
   */
  private Statement<?> remade(List<Row> rows) {
    List<Statement<?>> statements = new ArrayList<>(rows.size());
    for (Row row : rows) {
      Statement<?> statement = statementFor(row);
      if (statement != null) {
        statements.add(statement);
      }
    }
    if (statements.isEmpty()) {
      return null;
    }
    return statements.size() == 1 ? statements.get(0) : batchOf(statements);
  }

  /**
   * The statement writing a row: the one prepared insert at the row's timestamp, or, for a row
   * whose cells carry their own write times and TTLs, one insert per (write time, TTL) group in a
   * single-partition batch; null for such a row whose cells have all expired since the read.
   */
  private Statement<?> statementFor(Row row) {
    return row.cellTimes().isEmpty() && !cellTimes.staticOnly(row)
        ? bind(row)
        : cellTimes.statement(row);
  }

  private BoundStatement bind(Row row) {
    BoundStatementBuilder builder = insert.boundStatementBuilder();
    for (int i = 0; i < columns.size(); i++) {
      BoundColumn column = columns.get(i);
      Object value = row.values().get(column.name);
      if (value != null) {
        builder = UnsendableValues.bind(column, builder, i, value);
      } else if (writeNulls && row.values().containsKey(column.name)) {
        builder = builder.setToNull(i);
      }
    }
    return builder.setLong(columns.size(), row.writeTimestampMicros()).setIdempotence(true).build();
  }

  @Override
  public void close() {
    retrier.close();
  }

  /** A write's result, completed straight from the retrier's outcome: one object per write. */
  private static final class PendingWrite extends CompletableFuture<WriteResult>
      implements RequestRetrier.Completion {
    private final List<Row> rows;
    private final Supplier<Statement<?>> remake;

    /** {@code remake} makes the statement again for a resend, or is null to send it as it was. */
    PendingWrite(List<Row> rows, Supplier<Statement<?>> remake) {
      this.rows = rows;
      this.remake = remake;
    }

    @Override
    public Statement<?> resend(Statement<?> sent) {
      return remake == null ? sent : remake.get();
    }

    @Override
    public void answered(AsyncResultSet ignored, long retries) {
      complete(new WriteResult(rows.size(), retries, List.of()));
    }

    @Override
    public void failed(Throwable error) {
      Throwable cause = RequestRetrier.unwrap(error);
      if (cause instanceof TargetUnavailableException unavailable) {
        completeExceptionally(unavailable);
        return;
      }
      String reason = RequestRetrier.describe(cause);
      complete(
          new WriteResult(
              0,
              RequestRetrier.retriesOf(cause),
              rows.stream().map(r -> new WriteResult.FailedRow(r, reason)).toList()));
    }
  }
}
