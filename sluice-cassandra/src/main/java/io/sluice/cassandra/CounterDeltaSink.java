package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.TargetUnavailableException;
import io.sluice.core.sink.WriteResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Writes rows to a counter table, which can only be added to: for each row it reads what the
 * target's counters hold (by primary key, at the target's consistency), and adds the difference
 * with the source's values ({@link CounterDeltas}) with {@code UPDATE ... SET c = c + ?}, or writes
 * nothing when the target already holds them. A row written again (a retry, a resumed split, a run
 * with {@code --fresh}) so adds nothing twice, as long as nothing else writes the table meanwhile.
 * A failed addition is retried only after the target is read again, since the failure may have come
 * after the addition was applied; one applied later than that read still counts twice, which is the
 * risk the run states.
 *
 * <p>Counters have no write time or TTL: the rows' timestamps and cell times are not used. A static
 * counter is read by its partition key alone, and an addition to static counters alone names the
 * partition key alone, as Cassandra requires.
 */
final class CounterDeltaSink implements Sink {

  private final CqlSession session;
  private final String table;
  private final List<BoundColumn> partitionKey = new ArrayList<>();
  private final List<BoundColumn> clustering = new ArrayList<>();
  private final List<String> regular = new ArrayList<>();
  private final List<String> statics = new ArrayList<>();

  /** Every counter column, static ones first. */
  private final List<String> counters = new ArrayList<>();

  /** The read of a row's regular counters by its primary key; null when the table has none. */
  private final PreparedStatement readRegular;

  /** The read of a partition's static counters by its partition key; null when it has none. */
  private final PreparedStatement readStatic;

  /** The additions prepared so far, by the counters they add to, in the table's order. */
  private final Map<List<String>, CompletableFuture<PreparedStatement>> additions =
      new ConcurrentHashMap<>();

  private final RequestRetrier retrier;

  CounterDeltaSink(CqlSession session, TableMetadata table, FlowSpec flow, FlowFeedback feedback) {
    this.session = session;
    this.table = table.getKeyspace().asCql(true) + "." + table.getName().asCql(true);
    table.getPartitionKey().forEach(column -> partitionKey.add(new BoundColumn(column)));
    table.getClusteringColumns().keySet().forEach(c -> clustering.add(new BoundColumn(c)));
    for (ColumnMetadata column : table.getColumns().values()) {
      boolean key =
          table.getPartitionKey().contains(column)
              || table.getClusteringColumns().containsKey(column);
      if (!key) {
        (column.isStatic() ? statics : regular).add(column.getName().asInternal());
      }
    }
    counters.addAll(statics);
    counters.addAll(regular);
    this.readRegular =
        regular.isEmpty()
            ? null
            : session.prepare(
                "SELECT " + names(regular) + " FROM " + this.table + " WHERE " + where(true));
    this.readStatic =
        statics.isEmpty()
            ? null
            : session.prepare(
                "SELECT "
                    + names(statics)
                    + " FROM "
                    + this.table
                    + " WHERE "
                    + where(false)
                    + " LIMIT 1");
    this.retrier =
        new RequestRetrier(session, flow.maxRetries(), flow.outagePatienceDuration(), feedback);
  }

  private static String names(List<String> columns) {
    return columns.stream().map(CounterDeltaSink::quoted).collect(Collectors.joining(", "));
  }

  private static String quoted(String name) {
    return CqlIdentifier.fromInternal(name).asCql(true);
  }

  /** The key condition: the partition key, and the clustering columns with {@code rows}. */
  private String where(boolean rows) {
    List<String> conditions = new ArrayList<>();
    partitionKey.forEach(column -> conditions.add(quoted(column.name) + " = ?"));
    if (rows) {
      clustering.forEach(column -> conditions.add(quoted(column.name) + " = ?"));
    }
    return String.join(" AND ", conditions);
  }

  @Override
  public CompletionStage<WriteResult> write(List<Row> rows) {
    List<CompletableFuture<WriteResult>> writes = new ArrayList<>(rows.size());
    for (Row row : rows) {
      CounterWrite write = new CounterWrite(row);
      write.start();
      writes.add(write);
    }
    return WriteResult.allOf(writes);
  }

  /** The counters the row holds a value for, of {@code columns}. */
  private static boolean holdsAny(Row row, List<String> columns) {
    return columns.stream().anyMatch(column -> row.values().get(column) != null);
  }

  /** What the target's counters hold for the row, by column: those it has, read now. */
  private CompletableFuture<Map<String, Long>> readTarget(Row row) {
    CompletableFuture<Map<String, Long>> regulars =
        readRegular != null && holdsAny(row, regular)
            ? read(readRegular, row, true, regular)
            : CompletableFuture.completedFuture(Map.of());
    CompletableFuture<Map<String, Long>> partition =
        readStatic != null && holdsAny(row, statics)
            ? read(readStatic, row, false, statics)
            : CompletableFuture.completedFuture(Map.of());
    return regulars.thenCombine(
        partition,
        (a, b) -> {
          Map<String, Long> held = new HashMap<>(a);
          held.putAll(b);
          return held;
        });
  }

  private CompletableFuture<Map<String, Long>> read(
      PreparedStatement select, Row row, boolean rows, List<String> columns) {
    Statement<?> statement = bindKey(select.boundStatementBuilder(), row, rows, 0).build();
    return retrier
        .request(statement.setIdempotent(true))
        .thenApply(
            answer -> {
              Map<String, Long> held = new HashMap<>();
              com.datastax.oss.driver.api.core.cql.Row found = answer.rows().one();
              if (found != null) {
                for (int i = 0; i < columns.size(); i++) {
                  if (!found.isNull(i)) {
                    held.put(columns.get(i), found.getLong(i));
                  }
                }
              }
              return held;
            });
  }

  /**
   * Binds the row's key from {@code index}: its partition key, and its clustering columns with
   * {@code rows}.
   */
  private BoundStatementBuilder bindKey(
      BoundStatementBuilder builder, Row row, boolean rows, int index) {
    int i = index;
    for (BoundColumn column : partitionKey) {
      builder = UnsendableValues.bind(column, builder, i++, row.values().get(column.name));
    }
    if (rows) {
      for (BoundColumn column : clustering) {
        builder = UnsendableValues.bind(column, builder, i++, row.values().get(column.name));
      }
    }
    return builder;
  }

  /**
   * The addition of {@code deltas} to the row's counters, or null when there is nothing to add: the
   * target already holds the source's values.
   */
  private CompletableFuture<Statement<?>> addition(Row row, Map<String, Long> deltas) {
    if (deltas.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    List<String> columns = List.copyOf(deltas.keySet());
    boolean rows = columns.stream().anyMatch(regular::contains);
    return additions
        .computeIfAbsent(
            columns,
            added ->
                session
                    .prepareAsync(
                        "UPDATE "
                            + table
                            + " SET "
                            + added.stream()
                                .map(c -> quoted(c) + " = " + quoted(c) + " + ?")
                                .collect(Collectors.joining(", "))
                            + " WHERE "
                            + where(rows))
                    .toCompletableFuture())
        .thenApply(
            prepared -> {
              BoundStatementBuilder builder = prepared.boundStatementBuilder();
              int i = 0;
              for (long delta : deltas.values()) {
                builder = builder.setLong(i++, delta);
              }
              // Not idempotent: the driver must never send it again by itself.
              return bindKey(builder, row, rows, i).setIdempotence(false).build();
            });
  }

  /** The difference to add for the row, from what the target holds now. */
  private CompletableFuture<Statement<?>> nextAddition(Row row) {
    return readTarget(row)
        .thenCompose(held -> addition(row, CounterDeltas.of(counters, row.values(), held)));
  }

  @Override
  public void close() {
    retrier.close();
  }

  /** One row's copy: read, add the difference, and on a failed addition read again first. */
  private final class CounterWrite extends CompletableFuture<WriteResult>
      implements RequestRetrier.Completion {
    private final Row row;

    CounterWrite(Row row) {
      this.row = row;
    }

    void start() {
      CompletableFuture<Statement<?>> first;
      try {
        first = nextAddition(row);
      } catch (RuntimeException e) {
        refuse("cannot be sent: " + UnsendableValues.describe(e));
        return;
      }
      first.whenComplete(
          (statement, error) -> {
            if (error != null) {
              failed(error);
            } else if (statement == null) {
              complete(new WriteResult(1, 0, List.of()));
            } else {
              retrier.execute(statement, this);
            }
          });
    }

    @Override
    public CompletionStage<Statement<?>> resendLater(Statement<?> sent) {
      return nextAddition(row);
    }

    @Override
    public void answered(AsyncResultSet ignored, long retries) {
      complete(new WriteResult(1, retries, List.of()));
    }

    @Override
    public void failed(Throwable error) {
      Throwable cause = RequestRetrier.unwrap(error);
      if (cause instanceof TargetUnavailableException unavailable) {
        completeExceptionally(unavailable);
        return;
      }
      complete(
          new WriteResult(
              0,
              RequestRetrier.retriesOf(cause),
              List.of(new WriteResult.FailedRow(row, RequestRetrier.describe(cause)))));
    }

    private void refuse(String reason) {
      complete(new WriteResult(0, 0, List.of(new WriteResult.FailedRow(row, reason))));
    }
  }
}
