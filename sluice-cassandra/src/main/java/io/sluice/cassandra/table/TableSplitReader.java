package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ProtocolError;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one split of a table: its token interval, page by page, one record per row with each cell's
 * write time and TTL.
 *
 * <p>A record's position after it is where a resumed run continues: the paging state that fetched
 * its page (the server's own, which any coordinator accepts for the same query) and how many rows
 * of that page are behind it, as {@code ROWS_BEFORE_PAGE:PAGING_STATE:ROWS_INTO_PAGE}. A resumed
 * reader fetches that page again and skips those rows, so a kill costs at most one page of reading
 * per split, wide partitions included. A paging state the cluster no longer takes (after an upgrade
 * between runs) restarts the split from its start: rows written again at their own cell times
 * change nothing.
 *
 * <p>A page that fails (a timeout, a node restarting) is asked again, up to {@link #ATTEMPTS} times
 * with a growing pause, before the split fails. While no node of the source answers at all, the
 * page is asked again every 2 s at most, for as long as the source's {@code outage-patience}.
 */
final class TableSplitReader implements SplitReader {

  private static final Logger LOG = LoggerFactory.getLogger(TableSplitReader.class);
  private static final HexFormat HEX = HexFormat.of();
  private static final int ATTEMPTS = 8;
  private static final long FIRST_PAUSE_MILLIS = 250;
  private static final long OUTAGE_PAUSE_MILLIS = 2_000;

  private final CqlSession session;
  private final TableScan scan;
  private final boolean readsStaticsGivenOnce;

  /** The partition key of the row read last, when the table has statics to give once. */
  private List<ByteBuffer> lastPartition;

  private final Split split;

  /** The paging state that fetched the current page, as a position writes it: once per page. */
  private String pageStateText;

  private ByteBuffer nextPageState;
  private Iterator<Row> page;
  private CompletableFuture<AsyncResultSet> prefetch;

  /**
   * When the current page and the one asked ahead were asked for (epoch milliseconds): the instant
   * a page's TTLs count from.
   */
  private long pageAskedAtMillis;

  private long prefetchAskedAtMillis;
  private int rowsLeftInPage;
  private int rowsIntoPage;
  private long rowsBeforePage;
  private boolean lastPage;
  private long workDone;
  private long readAgain;
  private Row skipped;

  private TableSplitReader(CqlSession session, TableScan scan, Split split) {
    this.session = session;
    this.scan = scan;
    this.readsStaticsGivenOnce = scan.readsStaticsGivenOnce();
    this.split = split;
  }

  static TableSplitReader open(CqlSession session, TableScan scan, Split split, String position)
      throws IOException {
    TableSplitReader reader = new TableSplitReader(session, scan, split);
    if (position == null) {
      reader.fetch(null);
      return reader;
    }
    String[] parts = position.split(":", -1);
    long rowsBefore;
    int rowsInto;
    ByteBuffer state;
    try {
      rowsBefore = Long.parseLong(parts[0]);
      state = parts[1].equals("-") ? null : ByteBuffer.wrap(HEX.parseHex(parts[1]));
      rowsInto = Integer.parseInt(parts[2]);
    } catch (RuntimeException e) {
      throw new IOException(
          "the saved position '"
              + position
              + "' of split "
              + split.id()
              + " is not one a table source writes; run with --fresh to start over");
    }
    try {
      reader.fetch(state);
    } catch (InvalidQueryException | ProtocolError e) {
      LOG.warn(
          "split {} of {}: the cluster no longer takes the saved paging state ({}); reading the"
              + " split again from its start",
          split.id(),
          split.resource(),
          e.getMessage());
      reader.fetch(null);
      return reader;
    }
    reader.rowsBeforePage = rowsBefore;
    for (int i = 0; i < rowsInto && reader.rowsLeftInPage > 0; i++) {
      reader.skipped = reader.page.next();
      reader.rowsLeftInPage--;
      reader.rowsIntoPage++;
      reader.readAgain++;
    }
    if (reader.skipped != null && reader.readsStaticsGivenOnce) {
      // The partition's statics given once went with its first row, which the earlier run wrote.
      reader.lastPartition = scan.partitionKey(reader.skipped);
    }
    return reader;
  }

  /**
   * Fetches the page that {@code state} names (the first page when null), and asks for the next.
   */
  private void fetch(ByteBuffer state) throws IOException {
    BoundStatement statement = scan.scan(session, split.start(), split.end()).setPagingState(state);
    AsyncResultSet result = null;
    long pause = FIRST_PAUSE_MILLIS;
    long outageSince = -1;
    for (int attempt = 1; result == null; attempt++) {
      pace();
      try {
        long asked = System.nanoTime();
        pageAskedAtMillis = System.currentTimeMillis();
        result = await(session.executeAsync(statement).toCompletableFuture());
        scan.pageAnswered(System.nanoTime() - asked);
        if (outageSince >= 0) {
          LOG.info(
              "split {} of {}: the source cluster answers again after {} s; reading goes on.",
              split.id(),
              split.resource(),
              (System.nanoTime() - outageSince) / 1_000_000_000L);
        }
      } catch (InvalidQueryException | ProtocolError e) {
        throw e;
      } catch (AllNodesFailedException e) {
        // No node answers at all: wait for the cluster within the source's outage patience.
        long now = System.nanoTime();
        if (outageSince < 0) {
          outageSince = now;
          LOG.warn(
              "split {} of {}: the source cluster does not answer; reads wait up to {} for it"
                  + " (the source's outage-patience).",
              split.id(),
              split.resource(),
              scan.outagePatience());
        } else if (now - outageSince > scan.outagePatience().toNanos()) {
          throw new IOException(
              "the source cluster did not answer for "
                  + scan.outagePatience().toSeconds()
                  + " s, its outage-patience: "
                  + e.getMessage(),
              e);
        }
        attempt--;
        sleep(Math.min(pause, OUTAGE_PAUSE_MILLIS));
        pause = Math.min(pause * 2, OUTAGE_PAUSE_MILLIS);
      } catch (DriverException e) {
        if (attempt == ATTEMPTS) {
          throw new IOException(
              "reading split "
                  + split.id()
                  + " of "
                  + split.resource()
                  + " failed "
                  + ATTEMPTS
                  + " times: "
                  + e.getMessage(),
              e);
        }
        LOG.debug("page of split {} failed, asking again in {} ms", split.id(), pause, e);
        sleep(pause);
        pause = Math.min(pause * 2, 30_000);
      }
    }
    take(state, result);
  }

  /**
   * Makes {@code result} the current page, and asks for the next one at once, so that it arrives
   * while this one is mapped and written.
   */
  private void take(ByteBuffer state, AsyncResultSet result) throws IOException {
    prefetch = null;
    pageStateText = state == null ? "-" : HEX.formatHex(bytes(state));
    page = result.currentPage().iterator();
    rowsLeftInPage = result.remaining();
    rowsIntoPage = 0;
    nextPageState = result.getExecutionInfo().getPagingState();
    lastPage = !result.hasMorePages();
    if (!lastPage) {
      pace();
      long asked = System.nanoTime();
      prefetchAskedAtMillis = System.currentTimeMillis();
      prefetch =
          result
              .fetchNextPage()
              .toCompletableFuture()
              .whenComplete(
                  (page, error) -> {
                    if (error == null) {
                      scan.pageAnswered(System.nanoTime() - asked);
                    }
                  });
    }
  }

  /** The next page: the one asked for ahead, or, when that failed, asked again with retries. */
  private void nextPage() throws IOException {
    CompletableFuture<AsyncResultSet> ahead = prefetch;
    prefetch = null;
    if (ahead != null) {
      try {
        long asked = prefetchAskedAtMillis;
        AsyncResultSet result = await(ahead);
        pageAskedAtMillis = asked;
        take(nextPageState, result);
        return;
      } catch (DriverException e) {
        LOG.debug("page of split {} asked ahead failed, asking again", split.id(), e);
      }
    }
    fetch(nextPageState);
  }

  /** Waits for the source's read rate, if it has one, before asking for a page. */
  private void pace() throws IOException {
    try {
      scan.paceOnePage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the source's read rate", e);
    }
  }

  /** Waits for a request; its failure is thrown as the driver's exception. */
  private static AsyncResultSet await(CompletableFuture<AsyncResultSet> request)
      throws IOException {
    try {
      return request.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof DriverException driver) {
        throw driver;
      }
      throw new IOException(e.getCause());
    }
  }

  private static void sleep(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting to read again", e);
    }
  }

  @Override
  public SourceItem next() throws IOException {
    while (rowsLeftInPage == 0) {
      if (lastPage) {
        return null;
      }
      rowsBeforePage += rowsIntoPage;
      nextPage();
    }
    Row row = page.next();
    rowsLeftInPage--;
    rowsIntoPage++;
    long size = TableScan.bytesOf(row);
    workDone += size;
    long number = rowsBeforePage + rowsIntoPage - 1;
    boolean partitionContinues = false;
    if (readsStaticsGivenOnce) {
      List<ByteBuffer> partition = scan.partitionKey(row);
      partitionContinues = partition.equals(lastPartition);
      lastPartition = partition;
    }
    return new Record(
        new SourcePosition(split.resource(), number, scan.keyText(row)),
        scan.fields(row, partitionContinues),
        size,
        number + 1,
        scan.cellTimes(row, pageAskedAtMillis),
        rowsBeforePage + ":" + pageStateText + ":" + rowsIntoPage);
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  @Override
  public long readAgain() {
    return readAgain;
  }

  /** The row right before the resumed position, read again with its page. */
  @Override
  public Record resumedAfter() {
    if (skipped == null) {
      return null;
    }
    return new Record(
        new SourcePosition(
            split.resource(), rowsBeforePage + rowsIntoPage - 1, scan.keyText(skipped)),
        scan.fields(skipped, false),
        TableScan.bytesOf(skipped),
        rowsBeforePage + rowsIntoPage,
        scan.cellTimes(skipped, pageAskedAtMillis),
        null);
  }

  @Override
  public long workDone() {
    return workDone;
  }

  @Override
  public void close() {
    // The session belongs to the source; a page asked ahead is not needed any more.
    if (prefetch != null) {
      prefetch.cancel(false);
    }
  }
}
