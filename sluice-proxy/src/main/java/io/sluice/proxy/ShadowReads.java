package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.internal.core.type.DataTypeHelper;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.Rows;
import com.datastax.oss.protocol.internal.response.result.RowsMetadata;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shadow reads: a share of the reads the primary answered is sent to the secondary as well, once
 * the client has its answer, and the two results are compared row by row by primary key, as {@code
 * sluice validate} compares (every selected value, write times included when selected). The client
 * never waits for the secondary. Only a read's first and only page is compared: a result of several
 * pages (whose paging state belongs to the primary) is counted as skipped, so a compare never holds
 * more than one page, and at most {@link #MAX_IN_FLIGHT} reads are shadowed at once (more are
 * skipped); the shadow request is sent once the client's answer is on its way, and its answer
 * compared on a thread of its own, never on the event loops that serve clients. {@link
 * ShadowComparison} gives the verdict; this class counts it in the metrics by table and writes each
 * difference as a line of the mismatch log naming the table and the primary key, with the values
 * only when the settings allow it.
 */
final class ShadowReads implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ShadowReads.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long SCHEMA_REFRESH_NANOS = 5_000_000_000L;

  private final ShadowReadSpec spec;
  private final EventLoopGroup loops;
  private final ProxyMetrics metrics;
  private final Path logFile;

  /** Shadow requests awaiting the secondary or their compare, at most; more are skipped. */
  static final int MAX_IN_FLIGHT = 128;

  private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);

  /** Compares run here, off the event loops that serve clients; never more queued than allowed. */
  private final ThreadPoolExecutor comparer =
      new ThreadPoolExecutor(
          1,
          1,
          0,
          TimeUnit.SECONDS,
          new ArrayBlockingQueue<>(MAX_IN_FLIGHT),
          runnable -> {
            Thread thread = new Thread(runnable, "sluice-shadow-compare");
            thread.setDaemon(true);
            return thread;
          });

  private boolean closed;
  private final AtomicLong lastRefresh = new AtomicLong(System.nanoTime() - SCHEMA_REFRESH_NANOS);
  private BufferedWriter log;
  private boolean logFailed;

  /**
   * @param loops the event loops the primary's answers arrive on: a shadow request is sent from the
   *     one it arrived on, after the task that answers the client
   */
  ShadowReads(ShadowReadSpec spec, ProxyMetrics metrics, Path stateDir, EventLoopGroup loops) {
    this.loops = loops;
    this.spec = spec;
    this.metrics = metrics;
    this.logFile = stateDir.resolve(spec.mismatchLog());
  }

  /**
   * Compares, when this read is drawn for it, the secondary's answer to {@code toSecondary} with
   * the primary's {@code answer}; returns at once.
   *
   * @param secondary the cluster that does not serve reads now
   * @param toSecondary the request as the secondary takes it, or null when it cannot (a statement
   *     the secondary could not prepare)
   * @param firstPage whether the client asked for the first page
   * @param resultMetadata the prepared statement's result columns, for a result sent without them
   */
  void compareLater(
      Backend secondary,
      Message toSecondary,
      String keyspace,
      Request routing,
      Map<ByteBuffer, Prepare> prepareAgain,
      Message answer,
      boolean firstPage,
      RowsMetadata resultMetadata) {
    if (!spec.any() || !(answer instanceof Rows rows)) {
      return;
    }
    List<ColumnSpec> columns =
        rows.getMetadata().columnSpecs.isEmpty() && resultMetadata != null
            ? resultMetadata.columnSpecs
            : rows.getMetadata().columnSpecs;
    if (columns.isEmpty()) {
      return;
    }
    String table = columns.get(0).ksName + "." + columns.get(0).tableName;
    int percent = spec.percentOf(columns.get(0).ksName, columns.get(0).tableName);
    if (percent <= 0 || ThreadLocalRandom.current().nextInt(100) >= percent) {
      return;
    }
    if (!firstPage || rows.getMetadata().pagingState != null) {
      metrics.shadowRead(table, "skipped_paged");
      return;
    }
    if (toSecondary == null) {
      metrics.shadowRead(table, "skipped_unprepared");
      return;
    }
    if (!inFlight.tryAcquire()) {
      metrics.shadowRead(table, "skipped_busy");
      return;
    }
    // The client's answer is encoded on another thread: the compare keeps its own copy.
    List<List<ByteBuffer>> primaryRows = copy(rows);
    // Sent once the task that answers the client is done, from the same event loop: the client's
    // answer does not wait for the shadow request to be encoded and written.
    Runnable send =
        () -> {
          try {
            secondary
                .send(toSecondary, keyspace, routing, prepareAgain)
                .whenComplete(
                    (frame, error) ->
                        later(
                            table,
                            () ->
                                compareAnswer(
                                    secondary,
                                    table,
                                    columns,
                                    primaryRows,
                                    frame,
                                    error,
                                    keyspace)));
          } catch (RuntimeException e) {
            LOG.debug("Sending a shadow read failed", e);
            ended(table, "skipped_error");
          }
        };
    EventExecutor current = currentLoop();
    if (current == null) {
      send.run();
    } else {
      current.execute(send);
    }
  }

  /** The event loop this thread runs, or null on another thread. */
  private EventExecutor currentLoop() {
    for (EventExecutor loop : loops) {
      if (loop.inEventLoop()) {
        return loop;
      }
    }
    return null;
  }

  /** Compares the secondary's answer with the primary's rows; the end of a shadow read. */
  private void compareAnswer(
      Backend secondary,
      String table,
      List<ColumnSpec> columns,
      List<List<ByteBuffer>> primaryRows,
      Frame frame,
      Throwable error,
      String keyspace) {
    try {
      if (error != null || !(frame.message instanceof Rows theirs)) {
        metrics.shadowRead(table, "secondary_error");
        return;
      }
      compare(secondary, table, columns, primaryRows, copy(theirs), keyspace);
    } catch (RuntimeException e) {
      LOG.debug("Comparing a shadow read failed", e);
      metrics.shadowRead(table, "skipped_error");
    } finally {
      inFlight.release();
    }
  }

  /**
   * Runs a step of a shadow read on the compare thread; a step it cannot take ends the shadow read
   * as skipped. A shadow read has one step queued at a time, so the queue never refuses one while
   * fewer than {@link #MAX_IN_FLIGHT} are in flight, but a closed proxy does.
   */
  private void later(String table, Runnable step) {
    try {
      comparer.execute(step);
    } catch (RejectedExecutionException e) {
      ended(table, "skipped_busy");
    }
  }

  /** A shadow read ends before its compare, for the reason given. */
  private void ended(String table, String outcome) {
    inFlight.release();
    metrics.shadowRead(table, outcome);
  }

  private void compare(
      Backend other,
      String table,
      List<ColumnSpec> columns,
      List<List<ByteBuffer>> ours,
      List<List<ByteBuffer>> theirs,
      String keyspace) {
    CqlSession session = other.session(keyspace).join();
    ShadowVerdict verdict =
        ShadowComparison.compare(columns, primaryKey(session, columns.get(0)), ours, theirs);
    if (verdict instanceof ShadowVerdict.NotCompared notCompared) {
      if (notCompared.reason().equals("skipped_no_schema")) {
        refreshSchema(session);
      }
      metrics.shadowRead(table, notCompared.reason());
      return;
    }
    if (verdict instanceof ShadowVerdict.Same same) {
      countEqual(table, same.equalRows());
    } else if (verdict instanceof ShadowVerdict.Differs differs) {
      countEqual(table, differs.equalRows());
      for (ShadowVerdict.Difference difference : differs.differences()) {
        metrics.shadowRow(table, difference.kind().label());
        write(mismatchLine(session, table, columns, differs.key(), difference));
      }
    }
    metrics.shadowRead(table, "compared");
  }

  private void countEqual(String table, int rows) {
    for (int i = 0; i < rows; i++) {
      metrics.shadowRow(table, "equal");
    }
  }

  /** The table's primary key columns by name, or empty while the driver does not know the table. */
  private static Optional<List<String>> primaryKey(CqlSession session, ColumnSpec column) {
    return session
        .getMetadata()
        .getKeyspace(CqlIdentifier.fromInternal(column.ksName))
        .flatMap(keyspace -> keyspace.getTable(CqlIdentifier.fromInternal(column.tableName)))
        .map(
            table ->
                table.getPrimaryKey().stream().map(key -> key.getName().asInternal()).toList());
  }

  /**
   * A table created a moment ago may not be in the driver's schema yet: asks for it again, at most
   * once every few seconds, whatever the number of reads that find it missing.
   */
  private void refreshSchema(CqlSession session) {
    long now = System.nanoTime();
    long last = lastRefresh.get();
    if (now - last > SCHEMA_REFRESH_NANOS && lastRefresh.compareAndSet(last, now)) {
      session.refreshSchemaAsync();
    }
  }

  private static List<List<ByteBuffer>> copy(Rows rows) {
    List<List<ByteBuffer>> copy = new ArrayList<>(rows.getData().size());
    for (List<ByteBuffer> row : rows.getData()) {
      List<ByteBuffer> values = new ArrayList<>(row.size());
      for (ByteBuffer value : row) {
        values.add(value == null ? null : value.duplicate());
      }
      copy.add(values);
    }
    return copy;
  }

  /** A line of the mismatch log: the difference's key, and its values where the settings allow. */
  private String mismatchLine(
      CqlSession session,
      String table,
      List<ColumnSpec> columns,
      List<Integer> key,
      ShadowVerdict.Difference difference) {
    List<ByteBuffer> anyRow =
        difference.serving() != null ? difference.serving() : difference.other();
    ObjectNode line = JSON.createObjectNode();
    line.put("at", Instant.now().toString());
    line.put("table", table);
    line.put("difference", difference.kind().label());
    ObjectNode keyNode = line.putObject("key");
    for (int index : key) {
      keyNode.put(columns.get(index).name, literal(session, columns.get(index), anyRow.get(index)));
    }
    if (spec.logValues()) {
      if (difference.serving() != null) {
        line.set("primary", values(session, columns, difference.serving()));
      }
      if (difference.other() != null) {
        line.set("secondary", values(session, columns, difference.other()));
      }
    }
    return line.toString();
  }

  private static ObjectNode values(
      CqlSession session, List<ColumnSpec> columns, List<ByteBuffer> row) {
    ObjectNode values = JSON.createObjectNode();
    for (int i = 0; i < columns.size(); i++) {
      values.put(columns.get(i).name, literal(session, columns.get(i), row.get(i)));
    }
    return values;
  }

  /** A value as a CQL literal, decoded with the driver's codec for its type. */
  private static String literal(CqlSession session, ColumnSpec column, ByteBuffer bytes) {
    if (bytes == null) {
      return "null";
    }
    DataType type = DataTypeHelper.fromProtocolSpec(column.type, session.getContext());
    TypeCodec<Object> codec = session.getContext().getCodecRegistry().codecFor(type);
    ProtocolVersion version = session.getContext().getProtocolVersion();
    return codec.format(codec.decode(bytes.duplicate(), version));
  }

  private synchronized void write(String line) {
    if (closed) {
      return;
    }
    try {
      if (log == null) {
        Files.createDirectories(logFile.toAbsolutePath().getParent());
        if (!Files.exists(logFile)) {
          createPrivately(logFile);
        }
        log =
            Files.newBufferedWriter(
                logFile,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
      }
      log.write(line);
      log.newLine();
      log.flush();
    } catch (IOException e) {
      if (!logFailed) {
        logFailed = true;
        LOG.warn("Cannot write the shadow-read mismatch log {}: {}", logFile, e.getMessage());
      }
    }
  }

  /** The mismatch log names keys: only its owner may read it, where the file system can say so. */
  private static void createPrivately(Path file) throws IOException {
    try {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
  }

  @Override
  public void close() {
    comparer.shutdown();
    try {
      comparer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeLog();
  }

  private synchronized void closeLog() {
    closed = true;
    if (log != null) {
      try {
        log.close();
      } catch (IOException e) {
        LOG.debug("Closing the mismatch log failed", e);
      }
    }
  }
}
