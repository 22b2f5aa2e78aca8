package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import io.sluice.cassandra.CassandraRowChecker.Checked;
import io.sluice.cassandra.KeyOrder.Key;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.Split;
import io.sluice.core.state.RejectStage;
import io.sluice.core.validate.TargetRow;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks the rows of one split of a table source by a merge join: the source's rows arrive in the
 * table's key order ({@link KeyOrder}), and the checker walks a paged scan of the same token
 * interval of the target beside them, one page ahead. A source row whose key the scan holds is
 * compared with that target row, with no request of its own; so a split costs about one read per
 * page of the target instead of one per row.
 *
 * <p>A row the scan does not hold where the order puts it is looked up by its key before it is
 * called missing, so no verdict rests on the order alone. Rows that do not come in order (a mapping
 * that changes the key) or lie outside the split's interval are looked up by key too, and so is
 * every row after a page of the scan failed for good. A resumed split starts its scan at the token
 * of its first row.
 *
 * <p>The runner sends one split's rows from one thread, in order; the scan is advanced by one row
 * at a time, each step chained after the one before, while the comparisons and repairs of rows run
 * concurrently.
 */
final class MergeJoinChecker implements Sink {

  private static final Logger LOG = LoggerFactory.getLogger(MergeJoinChecker.class);
  private static final int PAGE_ROWS = 1000;
  private static final Located LOOK_UP = new Located(null, 0, true);

  private final CassandraRowChecker checker;
  private final Split split;
  private final KeyOrder order;
  private final List<Integer> keyIndexes;
  private final int tokenIndex;

  /** The last step of the scan asked for; the next row's step runs after it. */
  private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

  // Touched by one step at a time, in the order of the chain.
  private Key previous;
  private boolean ordered = true;
  private boolean started;
  private boolean broken;
  private BoundStatement statement;
  private List<Scanned> page = List.of();
  private int index;
  private CompletableFuture<RequestRetrier.Answer> ahead;

  /**
   * @param keyIndexes where each primary key column is among the columns the checker reads
   * @param tokenIndex where the partition's token is in a row of the scan
   */
  MergeJoinChecker(
      CassandraRowChecker checker,
      Split split,
      KeyOrder order,
      List<Integer> keyIndexes,
      int tokenIndex) {
    this.checker = checker;
    this.split = split;
    this.order = order;
    this.keyIndexes = keyIndexes;
    this.tokenIndex = tokenIndex;
  }

  @Override
  public RejectStage refusalStage() {
    return checker.refusalStage();
  }

  @Override
  public CompletionStage<WriteResult> write(List<Row> rows) {
    List<CompletableFuture<Checked>> checks = new ArrayList<>(rows.size());
    for (Row row : rows) {
      CompletableFuture<Located> located = tail.thenCompose(ignored -> locate(row));
      tail = located.handle((found, error) -> null);
      checks.add(
          located
              .handle(
                  (found, error) -> {
                    if (error != null) {
                      return checker.unreadable(row, error);
                    }
                    return found.lookUp
                        ? checker.check(row)
                        : checker.judge(row, found.target, found.retries, false);
                  })
              .thenCompose(checked -> checked));
    }
    return CassandraRowChecker.combine(checks);
  }

  /** Finds the row's key in the scan: the target row, or that it must be looked up by key. */
  private CompletableFuture<Located> locate(Row row) {
    Key key = order.keyOf(row.values());
    if (broken || !ordered || key == null) {
      return CompletableFuture.completedFuture(LOOK_UP);
    }
    if (key.token() <= split.start() || key.token() > split.end()) {
      return CompletableFuture.completedFuture(LOOK_UP);
    }
    if (previous != null && order.compare(key, previous) <= 0) {
      LOG.info(
          "split {}: the rows do not come in the target's key order (does the mapping change the"
              + " primary key?); its other rows are looked up one by one",
          split.id());
      ordered = false;
      return CompletableFuture.completedFuture(LOOK_UP);
    }
    previous = key;
    if (!started) {
      started = true;
      // A resumed split starts at its first row's partition, not at the split's start.
      long from = Math.max(split.start(), key.token() - 1);
      statement =
          checker.rangeScan().bind(from, split.end()).setPageSize(PAGE_ROWS).setIdempotent(true);
      ahead = checker.retrier().request(statement);
    }
    return advanceTo(key, 0);
  }

  /** Moves the scan up to {@code key}, reading pages as needed. */
  private CompletableFuture<Located> advanceTo(Key key, long retries) {
    while (index < page.size()) {
      Scanned target = page.get(index);
      int c = order.compare(target.key, key);
      if (c < 0) {
        index++;
      } else if (c == 0) {
        index++;
        return CompletableFuture.completedFuture(new Located(target.row, retries, false));
      } else {
        return CompletableFuture.completedFuture(LOOK_UP);
      }
    }
    if (ahead == null) {
      return CompletableFuture.completedFuture(LOOK_UP);
    }
    CompletableFuture<RequestRetrier.Answer> next = ahead;
    ahead = null;
    return next.handle(
            (answer, error) -> {
              if (error != null) {
                LOG.warn(
                    "split {}: a page of the target's scan could not be read ({}); its other rows"
                        + " are looked up one by one",
                    split.id(),
                    RequestRetrier.describe(RequestRetrier.unwrap(error), "read"));
                broken = true;
                return CompletableFuture.completedFuture(LOOK_UP);
              }
              take(answer.rows());
              return advanceTo(key, retries + answer.retries());
            })
        .thenCompose(located -> located);
  }

  /** Makes the answer the current page, and asks for the next one at once. */
  private void take(AsyncResultSet result) {
    List<Scanned> rows = new ArrayList<>(result.remaining());
    for (com.datastax.oss.driver.api.core.cql.Row row : result.currentPage()) {
      rows.add(new Scanned(keyOf(row), checker.targetRow(row)));
    }
    page = rows;
    index = 0;
    ByteBuffer state = result.getExecutionInfo().getPagingState();
    boolean lastPage = !result.hasMorePages() || state == null;
    ahead = lastPage ? null : checker.retrier().request(statement.setPagingState(state));
  }

  private Key keyOf(com.datastax.oss.driver.api.core.cql.Row row) {
    int partitionColumns = keyIndexes.size() - order.clusteringColumns();
    ByteBuffer[] partition = new ByteBuffer[partitionColumns];
    ByteBuffer[] clustering = new ByteBuffer[order.clusteringColumns()];
    for (int i = 0; i < keyIndexes.size(); i++) {
      ByteBuffer value = row.getBytesUnsafe(keyIndexes.get(i));
      ByteBuffer bytes = value == null ? ByteBuffer.allocate(0) : value.duplicate();
      if (i < partitionColumns) {
        partition[i] = bytes;
      } else {
        clustering[i - partitionColumns] = bytes;
      }
    }
    return KeyOrder.keyOf(row.getLong(tokenIndex), partition, clustering);
  }

  /** Nothing to release: the shared checker owns the session, and the runner never calls this. */
  @Override
  public void close() {}

  /** Where the scan stands for one source row: its target row, or that it must be looked up. */
  private record Located(TargetRow target, long retries, boolean lookUp) {}

  /** A row of the target's scan, with its place in the order. */
  private record Scanned(Key key, TargetRow row) {}
}
