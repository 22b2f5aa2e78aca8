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
 * <p>When the validation looks for extra rows and knows the split's rows come in the target's key
 * order ({@code findsExtra}), every target row the scan passes without a source row is extra: it is
 * listed with the next source row's result, and those after the split's last source row with the
 * split's end ({@link #splitEnds}). A resumed split starts after the row its earlier run committed
 * last ({@link #resumesAfter}), so that it neither misses nor repeats an extra row. Rows that then
 * do not come in order stop the run: its extra rows could not be trusted.
 *
 * <p>The runner sends one split's rows from one thread, in order; the scan is advanced by one row
 * at a time, each step chained after the one before, while the comparisons and repairs of rows run
 * concurrently.
 */
final class MergeJoinChecker implements Sink {

  private static final Logger LOG = LoggerFactory.getLogger(MergeJoinChecker.class);

  /**
   * Rows a page of the target's scan holds at most (the driver's own default), fewer where rows are
   * large: about {@link #PAGE_BYTES} a page, as the page before measured them.
   */
  private static final int PAGE_ROWS = 5000;

  private static final int PAGE_BYTES = 8 << 20;
  private static final int FEWEST_PAGE_ROWS = 100;
  private static final Located LOOK_UP = new Located(null, 0, true, List.of(), null);
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final CassandraRowChecker checker;
  private final Split split;
  private final KeyOrder order;
  private final List<Integer> keyIndexes;
  private final int tokenIndex;
  private final boolean findsExtra;

  /** The last step of the scan asked for; the next row's step runs after it. */
  private CompletableFuture<Void> tail = DONE;

  // Touched by one step at a time, in the order of the chain.
  private Key previous;
  private Key after;
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
   * @param findsExtra whether target rows the scan passes are extra rows
   */
  MergeJoinChecker(
      CassandraRowChecker checker,
      Split split,
      KeyOrder order,
      List<Integer> keyIndexes,
      int tokenIndex,
      boolean findsExtra) {
    this.findsExtra = findsExtra;
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
    List<CompletableFuture<List<WriteResult.Finding>>> extras = new ArrayList<>();
    for (Row row : rows) {
      CompletableFuture<Located> located;
      if (tail.isDone()) {
        // No step is pending: this row's step runs now, and most rows meet their target row in
        // the page at hand, with nothing to wait for.
        located = locateNow(row);
        Located now = located.getNow(null);
        if (rows.size() == 1 && now != null && now.matched()) {
          CompletableFuture<Checked> judged = checker.judge(row, now.target, now.retries, false);
          Checked done = judged.getNow(null);
          return done != null
              ? CompletableFuture.completedFuture(CassandraRowChecker.resultOf(List.of(done)))
              : CassandraRowChecker.combine(List.of(judged));
        }
      } else {
        located = tail.thenCompose(ignored -> locate(row));
      }
      tail = located.isDone() ? DONE : located.handle((found, error) -> null);
      CompletableFuture<Located> inOrder = located.thenApply(MergeJoinChecker::inOrder);
      checks.add(
          inOrder
              .handle(
                  (found, error) -> {
                    if (error != null) {
                      return OrderBroken.of(error) != null
                          ? CompletableFuture.<Checked>failedFuture(OrderBroken.of(error))
                          : checker.unreadable(row, error);
                    }
                    return found.lookUp
                        ? checker.check(row)
                        : checker.judge(row, found.target, found.retries, false);
                  })
              .thenCompose(checked -> checked));
      extras.add(
          inOrder
              .handle((found, error) -> error == null ? found.passed : List.<TargetRow>of())
              .thenCompose(this::extras));
    }
    return CassandraRowChecker.combine(checks)
        .thenCombine(
            CompletableFuture.allOf(extras.toArray(CompletableFuture[]::new)),
            (result, ignored) -> withExtras(result, extras));
  }

  private CompletableFuture<Located> locateNow(Row row) {
    try {
      return locate(row);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private static Located inOrder(Located found) {
    if (found.broken != null) {
      throw found.broken;
    }
    return found;
  }

  private static WriteResult withExtras(
      WriteResult result, List<CompletableFuture<List<WriteResult.Finding>>> extras) {
    List<WriteResult.Finding> findings = new ArrayList<>();
    extras.forEach(extra -> findings.addAll(extra.join()));
    if (findings.isEmpty()) {
      return result;
    }
    findings.addAll(result.findings());
    return new WriteResult(
        result.written(), result.retries(), result.failed(), findings, result.lookedUp());
  }

  /** The findings of the target rows a row's step passed, each extra. */
  private CompletableFuture<List<WriteResult.Finding>> extras(List<TargetRow> passed) {
    if (passed.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    List<CompletableFuture<WriteResult.Finding>> found = new ArrayList<>();
    passed.forEach(row -> found.add(checker.extra(row)));
    return CompletableFuture.allOf(found.toArray(CompletableFuture[]::new))
        .thenApply(ignored -> found.stream().map(CompletableFuture::join).toList());
  }

  /**
   * The rows of the split's earlier run: the scan starts right after the last of them, which it
   * need not compare again.
   */
  void resumesAfter(List<Row> committed) {
    for (Row row : committed) {
      Key key = order.keyOf(row.values());
      if (key != null && (after == null || order.compare(key, after) > 0)) {
        after = key;
      }
    }
    previous = after;
  }

  /**
   * The target rows after the split's last source row, which are extra; null when the validation
   * does not look for extra rows.
   */
  @Override
  public CompletionStage<WriteResult> splitEnds() {
    if (!findsExtra) {
      return null;
    }
    CompletableFuture<List<TargetRow>> rest = tail.thenCompose(ignored -> drain());
    tail = rest.handle((passed, error) -> null);
    return rest.thenCompose(this::extras)
        .thenApply(found -> new WriteResult(0, 0, List.of(), found, 0));
  }

  /** Reads the scan to its end, from where it stands (its start if it has not started). */
  private CompletableFuture<List<TargetRow>> drain() {
    if (broken) {
      return CompletableFuture.failedFuture(
          new IllegalStateException(
              "split " + split.id() + ": the target's scan failed, so its extra rows are unknown"));
    }
    if (!started) {
      start(scanStart(null));
    }
    return drainInto(new ArrayList<>());
  }

  private CompletableFuture<List<TargetRow>> drainInto(List<TargetRow> passed) {
    while (index < page.size()) {
      Scanned target = page.get(index++);
      if (after == null || order.compare(target.key, after) > 0) {
        passed.add(target.row);
      }
    }
    if (ahead == null) {
      return CompletableFuture.completedFuture(passed);
    }
    CompletableFuture<RequestRetrier.Answer> next = ahead;
    ahead = null;
    return next.thenCompose(
        answer -> {
          take(answer);
          return drainInto(passed);
        });
  }

  /** Finds the row's key in the scan: the target row, or that it must be looked up by key. */
  private CompletableFuture<Located> locate(Row row) {
    Key key = order.keyOf(row.values());
    if (key == null && findsExtra) {
      return brokenOrder(null);
    }
    if (broken || !ordered || key == null) {
      return CompletableFuture.completedFuture(LOOK_UP);
    }
    if (key.token() <= split.start() || key.token() > split.end()) {
      return findsExtra ? brokenOrder(key) : CompletableFuture.completedFuture(LOOK_UP);
    }
    if (previous != null && order.compare(key, previous) <= 0) {
      if (findsExtra) {
        return brokenOrder(key);
      }
      LOG.info(
          "split {}: the rows do not come in the target's key order (does the mapping change the"
              + " primary key?); its other rows are looked up one by one",
          split.id());
      ordered = false;
      return CompletableFuture.completedFuture(LOOK_UP);
    }
    previous = key;
    if (!started) {
      start(scanStart(key));
    }
    return advanceTo(key, 0, new ArrayList<>());
  }

  /**
   * Where the scan starts, exclusive: when it looks for extra rows, at the split's start, or at the
   * partition of the row the split's earlier run committed last; otherwise at the partition of the
   * first row it is to find, {@code first}.
   */
  private long scanStart(Key first) {
    Key from = findsExtra ? after : first;
    return from == null ? split.start() : Math.max(split.start(), from.token() - 1);
  }

  private void start(long from) {
    started = true;
    statement =
        checker.rangeScan().bind(from, split.end()).setPageSize(PAGE_ROWS).setIdempotent(true);
    ahead = checker.retrier().request(statement);
  }

  private CompletableFuture<Located> brokenOrder(Key key) {
    broken = true;
    return CompletableFuture.completedFuture(
        new Located(
            null,
            0,
            true,
            List.of(),
            new OrderBroken(
                "split "
                    + split.id()
                    + ": a row does not come in the target's key order ("
                    + (key == null ? "its key cannot be encoded" : "token " + key.token())
                    + "), so the target rows around it cannot be told extra; the validation"
                    + " stops")));
  }

  /**
   * Moves the scan up to {@code key}, reading pages as needed; the target rows it passes are kept
   * in {@code passed} when they are extra.
   */
  private CompletableFuture<Located> advanceTo(Key key, long retries, List<TargetRow> passed) {
    while (index < page.size()) {
      Scanned target = page.get(index);
      int c = order.compare(target.key, key);
      if (c < 0) {
        index++;
        if (findsExtra && (after == null || order.compare(target.key, after) > 0)) {
          passed.add(target.row);
        }
      } else if (c == 0) {
        index++;
        return CompletableFuture.completedFuture(
            new Located(target.row, retries, false, passed, null));
      } else {
        return CompletableFuture.completedFuture(lookUp(passed));
      }
    }
    if (ahead == null) {
      return CompletableFuture.completedFuture(lookUp(passed));
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
                return CompletableFuture.completedFuture(lookUp(passed));
              }
              take(answer);
              return advanceTo(key, retries + answer.retries(), passed);
            })
        .thenCompose(located -> located);
  }

  /**
   * Makes the answer the current page, and asks for the next one at once, of as many rows as fit in
   * about {@link #PAGE_BYTES} at this page's size per row.
   */
  private void take(RequestRetrier.Answer answer) {
    AsyncResultSet result = answer.rows();
    List<Scanned> rows = new ArrayList<>(result.remaining());
    for (com.datastax.oss.driver.api.core.cql.Row row : result.currentPage()) {
      rows.add(new Scanned(keyOf(row), checker.targetRow(row, answer.arrivedAtMillis())));
    }
    page = rows;
    index = 0;
    int pageRows = pageRowsAfter(rows.size(), result.getExecutionInfo().getResponseSizeInBytes());
    ByteBuffer state = result.getExecutionInfo().getPagingState();
    boolean lastPage = !result.hasMorePages() || state == null;
    ahead =
        lastPage
            ? null
            : checker.retrier().request(statement.setPagingState(state).setPageSize(pageRows));
  }

  /**
   * The rows to ask for after a page of {@code rows} rows that took {@code bytes} bytes: as many as
   * fit in {@link #PAGE_BYTES}, between {@link #FEWEST_PAGE_ROWS} and {@link #PAGE_ROWS}; {@link
   * #PAGE_ROWS} when the page tells nothing (empty, or no size known).
   */
  static int pageRowsAfter(int rows, int bytes) {
    if (rows <= 0 || bytes <= 0) {
      return PAGE_ROWS;
    }
    long fitting = (long) PAGE_BYTES * rows / bytes;
    return (int) Math.max(FEWEST_PAGE_ROWS, Math.min(PAGE_ROWS, fitting));
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

  private static Located lookUp(List<TargetRow> passed) {
    return passed.isEmpty() ? LOOK_UP : new Located(null, 0, true, passed, null);
  }

  /**
   * Where the scan stands for one source row: its target row, or that it must be looked up; the
   * extra target rows passed on the way; or that the rows broke the key order.
   */
  private record Located(
      TargetRow target, long retries, boolean lookUp, List<TargetRow> passed, OrderBroken broken) {

    /** The source row met its target row, with no extra row passed on the way. */
    boolean matched() {
      return broken == null && !lookUp && passed.isEmpty();
    }
  }

  /** Rows that do not come in the order the validation was told they would. */
  static final class OrderBroken extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    OrderBroken(String message) {
      super(message);
    }

    static OrderBroken of(Throwable error) {
      Throwable cause = error;
      while (cause != null && !(cause instanceof OrderBroken)) {
        cause = cause.getCause();
      }
      return (OrderBroken) cause;
    }
  }

  /** A row of the target's scan, with its place in the order. */
  private record Scanned(Key key, TargetRow row) {}
}
