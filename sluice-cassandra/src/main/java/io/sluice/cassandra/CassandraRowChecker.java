package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.TargetUnavailableException;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.Split;
import io.sluice.core.state.RejectStage;
import io.sluice.core.validate.ColumnDifference;
import io.sluice.core.validate.Difference;
import io.sluice.core.validate.KeyOrderedChecker;
import io.sluice.core.validate.PrimaryKey;
import io.sluice.core.validate.RowComparison;
import io.sluice.core.validate.TargetRow;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.core.validate.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink of a validation, which checks rows: instead of writing each row it reads the target row
 * of the same primary key with one prepared {@code SELECT columns..., writetime(column),
 * ttl(column)... WHERE key = ?} (async, retried like writes, bounded by the runner's in-flight
 * limit) and compares them with {@link RowComparison}. The rows of a split of a table source, which
 * come in the table's key order, are checked by a {@link MergeJoinChecker} instead, which reads the
 * target by token range.
 *
 * <p>With {@code --repair}, a missing row is rewritten whole, and a mismatched row only in the
 * columns that differ (so equal cells, such as a non-frozen list that a rewrite at the same
 * timestamp would duplicate, are left alone), through the normal {@link CassandraSink} at the
 * source row's timestamp (or the current time with {@code --repair-timestamp now}). The row is then
 * read again: the finding is marked repaired only if it now matches. A row changed since by a newer
 * write is never rewritten.
 */
final class CassandraRowChecker implements KeyOrderedChecker {

  private static final Logger LOG = LoggerFactory.getLogger(CassandraRowChecker.class);

  private final CqlSession session;
  private final TableMetadata table;
  private final String selected;
  private final int selectedCount;
  private final TableSchema schema;
  private final RowComparison comparison;
  private final PreparedStatement select;

  /**
   * The read of a partition's static cells, by its partition key alone, for a source row that is a
   * partition's static cells alone (no clustering values to look it up by); null for a table
   * without clustering or static columns.
   */
  private final PreparedStatement selectStatic;

  private final int partitionKeyCount;
  private final ColumnDecoders decoders;
  private final List<BoundColumn> keyColumns = new ArrayList<>();
  private final List<ReadColumn> readColumns = new ArrayList<>();
  private final Map<String, Integer> readSlots = new HashMap<>();
  private final ValidationSpec spec;
  private final RequestRetrier retrier;
  private final Sink repairs;

  /**
   * Where a rewrite is handed to the repair sink: not the driver thread a check's answer arrives
   * on, since the sink prepares a statement the first time it meets a row of a new shape (a table
   * source's cells at several times) and the driver refuses a synchronous call on its own threads.
   */
  private final ExecutorService rewrites;

  private final LongSupplier nowMicros;
  private PreparedStatement rangeScan;
  private final boolean findsExtra;

  CassandraRowChecker(
      CqlSession session,
      TableMetadata table,
      TableSchema schema,
      boolean writeNulls,
      FlowSpec flow,
      FlowFeedback feedback,
      ValidationSpec spec,
      List<String> columns,
      boolean findsExtra,
      LongSupplier nowMicros) {
    this.findsExtra = findsExtra;
    this.session = session;
    this.table = table;
    this.schema = schema;
    // Source cells written after this check began are live writes (a dual-write proxy's), unless
    // the source is a copy frozen in time.
    this.comparison =
        new RowComparison(
            schema, writeNulls, spec.frozenSource() ? Long.MAX_VALUE : nowMicros.getAsLong());
    this.spec = spec;
    this.nowMicros = nowMicros;
    List<String> selected = new ArrayList<>();
    List<String> writetimes = new ArrayList<>();
    for (String name : columns) {
      ColumnMetadata column = table.getColumn(CqlIdentifier.fromInternal(name)).orElseThrow();
      boolean key = isPrimaryKey(table, column);
      // A counter has no write time or TTL to read: it is compared by its value alone.
      boolean timed =
          !key
              && !DriverValues.multiCell(column.getType())
              && !column.getType().equals(DataTypes.COUNTER);
      readSlots.put(column.getName().asInternal(), readColumns.size());
      readColumns.add(new ReadColumn(column, timed ? columns.size() + writetimes.size() : -1));
      selected.add(column.getName().asCql(true));
      if (timed) {
        // Read as a pair: the TTL right after the write time.
        writetimes.add("writetime(" + column.getName().asCql(true) + ")");
        writetimes.add("ttl(" + column.getName().asCql(true) + ")");
      }
    }
    selected.addAll(writetimes);
    this.selected = String.join(", ", selected);
    this.selectedCount = selected.size();
    List<String> conditions = new ArrayList<>();
    for (ColumnMetadata column : primaryKey(table)) {
      keyColumns.add(new BoundColumn(column));
      conditions.add(column.getName().asCql(true) + " = ?");
    }
    String from =
        " FROM " + table.getKeyspace().asCql(true) + "." + table.getName().asCql(true) + " WHERE ";
    this.select =
        session.prepare("SELECT " + this.selected + from + String.join(" AND ", conditions));
    this.partitionKeyCount = table.getPartitionKey().size();
    boolean statics = table.getColumns().values().stream().anyMatch(ColumnMetadata::isStatic);
    this.selectStatic =
        statics && !table.getClusteringColumns().isEmpty()
            ? session.prepare(
                "SELECT "
                    + this.selected
                    + from
                    + String.join(" AND ", conditions.subList(0, partitionKeyCount))
                    + " LIMIT 1")
            : null;
    // The range scan reads the same columns first, so the same decoders serve its rows.
    this.decoders = ColumnDecoders.of(session, select.getResultSetDefinitions());
    this.retrier =
        new RequestRetrier(session, flow.maxRetries(), flow.outagePatienceDuration(), feedback);
    this.repairs =
        spec.repair() ? CassandraTarget.openSink(session, table, writeNulls, flow, feedback) : null;
    this.rewrites =
        spec.repair()
            ? Executors.newFixedThreadPool(
                2,
                runnable -> {
                  Thread thread = new Thread(runnable, "sluice-repair");
                  thread.setDaemon(true);
                  return thread;
                })
            : null;
  }

  private static boolean isPrimaryKey(TableMetadata table, ColumnMetadata column) {
    return table.getPartitionKey().contains(column)
        || table.getClusteringColumns().containsKey(column);
  }

  private static List<ColumnMetadata> primaryKey(TableMetadata table) {
    List<ColumnMetadata> key = new ArrayList<>(table.getPartitionKey());
    key.addAll(table.getClusteringColumns().keySet());
    return key;
  }

  @Override
  public RejectStage refusalStage() {
    return RejectStage.CHECK;
  }

  /**
   * A checker that reads the target along the split beside it ({@link MergeJoinChecker}), starting
   * after the rows an earlier run committed; this one when the target's key cannot be read in that
   * order (a mapping that leaves a key column out, no token map).
   */
  @Override
  public Sink forKeyOrderedSplit(Split split, List<Row> committedBefore) {
    MergeJoinChecker merge = mergeChecker(split);
    if (merge == null) {
      if (findsExtra) {
        throw new IllegalStateException(
            "split "
                + split.id()
                + " cannot be read beside the target in its key order, so its extra rows cannot"
                + " be found");
      }
      return this;
    }
    if (!committedBefore.isEmpty()) {
      merge.resumesAfter(committedBefore);
    }
    return merge;
  }

  private MergeJoinChecker mergeChecker(Split split) {
    Optional<TokenMap> tokens = session.getMetadata().getTokenMap();
    List<Integer> keyIndexes = new ArrayList<>();
    for (ColumnMetadata column : primaryKey(table)) {
      int index = indexOf(column.getName().asInternal());
      if (index < 0) {
        return null;
      }
      keyIndexes.add(index);
    }
    if (tokens.isEmpty()) {
      LOG.debug("no token map of the target: split {} is checked row by row", split.id());
      return null;
    }
    return new MergeJoinChecker(
        this, split, new KeyOrder(table, tokens.get()), keyIndexes, selectedCount, findsExtra);
  }

  private int indexOf(String column) {
    for (int i = 0; i < readColumns.size(); i++) {
      if (readColumns.get(i).name.equals(column)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The scan of one token interval of the target, with the columns a lookup reads and, after them,
   * the partition's token: {@code token(key) > ? AND token(key) <= ?}.
   */
  synchronized PreparedStatement rangeScan() {
    if (rangeScan == null) {
      String token =
          "token("
              + table.getPartitionKey().stream()
                  .map(c -> c.getName().asCql(true))
                  .collect(Collectors.joining(", "))
              + ")";
      rangeScan =
          session.prepare(
              "SELECT "
                  + selected
                  + ", "
                  + token
                  + " FROM "
                  + table.getKeyspace().asCql(true)
                  + "."
                  + table.getName().asCql(true)
                  + " WHERE "
                  + token
                  + " > ? AND "
                  + token
                  + " <= ?");
    }
    return rangeScan;
  }

  RequestRetrier retrier() {
    return retrier;
  }

  @Override
  public CompletionStage<WriteResult> write(List<Row> rows) {
    List<CompletableFuture<Checked>> checks = new ArrayList<>(rows.size());
    for (Row row : rows) {
      checks.add(check(row));
    }
    return combine(checks);
  }

  /** The answer to a write of rows, once each row's check is done. */
  static CompletableFuture<WriteResult> combine(List<CompletableFuture<Checked>> checks) {
    return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new))
        .thenApply(ignored -> resultOf(checks.stream().map(CompletableFuture::join).toList()));
  }

  /** The answer to a write of rows, from each row's check. */
  static WriteResult resultOf(List<Checked> checks) {
    long checked = 0;
    long retries = 0;
    long lookedUp = 0;
    List<WriteResult.FailedRow> failed = new ArrayList<>();
    List<WriteResult.Finding> found = new ArrayList<>();
    for (Checked result : checks) {
      retries += result.retries;
      lookedUp += result.lookedUp ? 1 : 0;
      if (result.failed != null) {
        failed.add(result.failed);
        continue;
      }
      checked++;
      if (result.found != null) {
        found.add(result.found);
      }
    }
    return new WriteResult(checked, retries, failed, found, lookedUp);
  }

  /** Reads the row back by its key and compares it; repairs it if asked. */
  CompletableFuture<Checked> check(Row row) {
    return read(row)
        .handle(
            (read, error) ->
                error != null
                    ? unreadable(row, error)
                    : judge(row, read.target, read.retries, true))
        .thenCompose(checked -> checked);
  }

  /**
   * Compares the row with the target's row of the same key, read already ({@code null} when the
   * target has none), and repairs it if asked.
   */
  CompletableFuture<Checked> judge(Row row, TargetRow target, long retries, boolean lookedUp) {
    Verdict verdict = compare(row, target);
    if (verdict instanceof Verdict.Match) {
      return CompletableFuture.completedFuture(new Checked(retries, null, null, lookedUp));
    }
    Difference found = Difference.of(verdict, PrimaryKey.of(row.values(), schema));
    if (repairs == null || found.kind() == Difference.Kind.CHANGED_SINCE) {
      return CompletableFuture.completedFuture(
          new Checked(retries, null, found.about(row), lookedUp));
    }
    return repair(row, found, retries, lookedUp);
  }

  /** Rewrites the source row, then reads it again to see whether the target now matches. */
  private CompletableFuture<Checked> repair(
      Row row, Difference found, long retries, boolean lookedUp) {
    boolean now = spec.repairTimestamp() == ValidationSpec.RepairTimestamp.NOW;
    Map<String, Object> values = row.values();
    if (found.kind() == Difference.Kind.MISMATCH) {
      values = new HashMap<>();
      for (BoundColumn key : keyColumns) {
        values.put(key.name, row.values().get(key.name));
      }
      for (ColumnDifference column : found.columns()) {
        values.put(column.column(), row.values().get(column.column()));
      }
    }
    // At the source's times: the row's timestamp, and each cell's own where it has one (a table
    // source's); at the current time, one timestamp for all.
    Row rewrite =
        now
            ? new Row(values, nowMicros.getAsLong(), row.position())
            : new Row(values, row.writeTimestampMicros(), row.position(), row.cellTimes());
    return CompletableFuture.supplyAsync(() -> repairs.write(List.of(rewrite)), rewrites)
        .thenCompose(CompletionStage::toCompletableFuture)
        .thenCompose(
            written -> {
              if (!written.failed().isEmpty()) {
                String why = "the rewrite failed: " + written.failed().get(0).reason();
                return CompletableFuture.completedFuture(found.withRepair(false, why));
              }
              return read(row)
                  .handle(
                      (again, error) -> {
                        if (error != null) {
                          return found.withRepair(false, "rewritten, but could not be read back");
                        }
                        Verdict after = compare(row, again.target);
                        return after instanceof Verdict.Match
                            ? found.withRepair(true, null)
                            : found.withRepair(false, stillDifferent(now, after));
                      });
            })
        .thenApply(repaired -> new Checked(retries, null, repaired.about(row), lookedUp));
  }

  private static String stillDifferent(boolean now, Verdict after) {
    if (after instanceof Verdict.ChangedSince) {
      return "rewritten, but a newer write changed it meanwhile";
    }
    return now
        ? "rewritten, but the target still differs"
        : "rewritten at the source's timestamp, but a deletion or an equal-timestamp value in the"
            + " target wins; --repair-timestamp now overrides it";
  }

  /**
   * A target row that no source row gives, found by a merge join: listed as extra, and with {@code
   * --delete-extra} deleted at the current time.
   */
  CompletableFuture<WriteResult.Finding> extra(TargetRow target) {
    PrimaryKey key = PrimaryKey.of(target.values(), schema);
    Difference extra = new Difference(Difference.Kind.EXTRA, key, List.of(), false, null);
    if (!spec.deleteExtra()) {
      return CompletableFuture.completedFuture(extra.about(null));
    }
    SimpleStatement delete =
        SimpleStatement.newInstance(
                "DELETE FROM "
                    + table.getKeyspace().asCql(true)
                    + "."
                    + table.getName().asCql(true)
                    + " USING TIMESTAMP "
                    + nowMicros.getAsLong()
                    + " WHERE "
                    + key.whereClause())
            .setIdempotent(true);
    return retrier
        .request(delete)
        .handle(
            (deleted, error) ->
                error == null
                    ? extra.withRepair(true, null).about(null)
                    : extra
                        .withRepair(
                            false,
                            "could not be deleted: "
                                + RequestRetrier.describe(RequestRetrier.unwrap(error), "delete"))
                        .about(null));
  }

  CompletableFuture<Checked> unreadable(Row row, Throwable error) {
    Throwable cause = RequestRetrier.unwrap(error);
    if (cause instanceof TargetUnavailableException) {
      return CompletableFuture.failedFuture(cause);
    }
    String reason = RequestRetrier.describe(cause, "read");
    return CompletableFuture.completedFuture(
        new Checked(
            RequestRetrier.retriesOf(cause), new WriteResult.FailedRow(row, reason), null, false));
  }

  private CompletableFuture<Read> read(Row row) {
    boolean staticOnly =
        selectStatic != null && row.values().get(keyColumns.get(partitionKeyCount).name) == null;
    BoundStatementBuilder bound = (staticOnly ? selectStatic : select).boundStatementBuilder();
    for (int i = 0; i < (staticOnly ? partitionKeyCount : keyColumns.size()); i++) {
      BoundColumn column = keyColumns.get(i);
      bound = column.bind(bound, i, row.values().get(column.name));
    }
    return retrier
        .request(bound.setIdempotence(true).build())
        .thenApply(
            answer ->
                new Read(
                    targetRow(answer.rows().one(), answer.arrivedAtMillis()), answer.retries()));
  }

  /** The row as read back, its TTLs read as of {@code readAtMillis}; null for no row. */
  TargetRow targetRow(com.datastax.oss.driver.api.core.cql.Row read, long readAtMillis) {
    if (read == null) {
      return null;
    }
    int count = readColumns.size();
    Object[] values = new Object[count];
    Object[] writetimes = new Object[count];
    Object[] ttls = new Object[count];
    for (int i = 0; i < count; i++) {
      ReadColumn column = readColumns.get(i);
      Object value = decoders.decode(read, i);
      values[i] = column.convert ? DriverValues.fromDriver(value, column.type) : value;
      if (column.writetimeIndex >= 0
          && decoders.decode(read, column.writetimeIndex) instanceof Long writetime) {
        writetimes[i] = writetime;
        if (decoders.decode(read, column.writetimeIndex + 1) instanceof Integer ttl) {
          ttls[i] = ttl;
        }
      }
    }
    return new TargetRow(
        new SlotMap<>(readSlots, values),
        new SlotMap<>(readSlots, writetimes),
        new SlotMap<>(readSlots, ttls),
        readAtMillis);
  }

  private Verdict compare(Row row, TargetRow target) {
    return comparison.compare(row.values(), row.writeTimestampMicros(), row.cellTimes(), target);
  }

  @Override
  public void close() {
    retrier.close();
    if (repairs != null) {
      repairs.close();
      rewrites.shutdown();
    }
  }

  /** What checking one row gave, and whether it took a read by key of its own. */
  record Checked(
      long retries, WriteResult.FailedRow failed, WriteResult.Finding found, boolean lookedUp) {}

  /** A target row read back, or null when there is none. */
  private record Read(TargetRow target, long retries) {}

  /**
   * A selected column, and where its writetime is in the result, its TTL right after (-1 when it
   * has none).
   */
  private record ReadColumn(
      String name,
      com.datastax.oss.driver.api.core.type.DataType type,
      boolean convert,
      int writetimeIndex) {
    ReadColumn(ColumnMetadata column, int writetimeIndex) {
      this(
          column.getName().asInternal(),
          column.getType(),
          DriverValues.needsConversion(column.getType()),
          writetimeIndex);
    }
  }
}
