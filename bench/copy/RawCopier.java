import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The benchmark's helper and its raw copier, run by run.sh with sluice.jar (which holds the Java
 * driver) on the class path.
 *
 * <pre>
 * RawCopier schema --contact-point host:port          keyspace bench_copy and table people
 *                                                      (each command takes --table ks.name too)
 * RawCopier fill   --contact-point host:port --rows N  N rows of about 100 bytes, each column
 *                                                      at its own write time
 * RawCopier count  --contact-point host:port           rows of people, over 64 token ranges
 * RawCopier truncate --contact-point host:port         empties people
 * RawCopier copy   --from host:port --to host:port [--scans 8] [--in-flight 256]
 * RawCopier lookup --from host:port --to host:port [--scans 8] [--in-flight 256]
 * </pre>
 *
 * {@code copy} is the smallest copier that keeps write times: the ring cut into 256 token ranges,
 * {@code --scans} of them read at once (paged, 5000 rows a page, as Sluice), each row written with
 * one prepared {@code INSERT ... USING TIMESTAMP} at its cells' write time, async, at most {@code
 * --in-flight} writes awaiting an answer; no retries, checkpoints or TTLs: what two nodes take when
 * the client does almost nothing, the practical limit. Each scan asks for its next page as soon as
 * a page arrives.
 *
 * <p>{@code lookup} is the validator Cassandra Data Migrator and scylla-migrator are: the same
 * scans of the source, and for each source row one async {@code SELECT} of the target row by its
 * key, compared column by column, each regular column's value, write time and TTL (a TTL within a
 * minute), as {@code sluice validate} compares them; it prints how many rows matched, differed and
 * were missing.
 */
public final class RawCopier {

  /** The table every command works on: {@code --table keyspace.name}, bench_copy.people by default. */
  private static String table = "bench_copy.people";
  private static final long BASE_MICROS = 1_719_705_600_000_000L;

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    table = options.getOrDefault("table", table);
    switch (args[0]) {
      case "schema" -> schema(options.get("contact-point"));
      case "fill" -> fill(options.get("contact-point"), Long.parseLong(options.get("rows")));
      case "count" -> System.out.println(count(options.get("contact-point")));
      case "truncate" -> {
        try (CqlSession session = connect(options.get("contact-point"))) {
          session.execute("TRUNCATE " + table);
        }
      }
      case "copy" ->
          copy(
              options.get("from"),
              options.get("to"),
              Integer.parseInt(options.getOrDefault("scans", "8")),
              Integer.parseInt(options.getOrDefault("in-flight", "256")));
      case "lookup" ->
          lookup(
              options.get("from"),
              options.get("to"),
              Integer.parseInt(options.getOrDefault("scans", "8")),
              Integer.parseInt(options.getOrDefault("in-flight", "256")));
      default -> throw new IllegalArgumentException("unknown command " + args[0]);
    }
  }

  static CqlSession connect(String contactPoint) {
    String[] hostPort = contactPoint.split(":");
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))
        .withLocalDatacenter("datacenter1")
        .withConfigLoader(
            DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(120))
                .build())
        .build();
  }

  static void schema(String contactPoint) {
    try (CqlSession session = connect(contactPoint)) {
      session.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + table.substring(0, table.indexOf('.'))
              + " WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (id uuid PRIMARY KEY, name text, email text, n int, score double,"
              + " created timestamp)");
    }
  }

  static void fill(String contactPoint, long rows) throws Exception {
    try (CqlSession session = connect(contactPoint)) {
      PreparedStatement insert =
          session.prepare(
              "INSERT INTO "
                  + table
                  + " (id, name, email, n, score, created) VALUES (?, ?, ?, ?, ?, ?)"
                  + " USING TIMESTAMP ?");
      PreparedStatement touch =
          session.prepare("UPDATE " + table + " USING TIMESTAMP ? SET score = ? WHERE id = ?");
      Semaphore inFlight = new Semaphore(256);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      for (long i = 0; i < rows && failure.get() == null; i++) {
        UUID id = new UUID(0x5eed_0000_0000_0000L | i, i * 0x9E3779B97F4A7C15L);
        BatchStatement batch =
            BatchStatement.newInstance(
                BatchType.UNLOGGED,
                insert.bind(
                    id,
                    "person " + i,
                    "person" + i + "@example.com",
                    (int) i,
                    i / 7.0,
                    Instant.ofEpochMilli(1_700_000_000_000L + i),
                    BASE_MICROS + i),
                // A second write time in the row, as a row updated later has.
                touch.bind(BASE_MICROS + i + 1_000_000, i / 3.0, id));
        inFlight.acquire();
        session
            .executeAsync(batch)
            .whenComplete(
                (ok, error) -> {
                  if (error != null) {
                    failure.compareAndSet(null, error);
                  }
                  inFlight.release();
                });
      }
      inFlight.acquire(256);
      if (failure.get() != null) {
        throw new IllegalStateException(failure.get());
      }
    }
  }

  static long count(String contactPoint) {
    try (CqlSession session = connect(contactPoint)) {
      long total = 0;
      for (long[] range : ranges(64)) {
        total +=
            session
                .execute(
                    "SELECT count(*) FROM " + table + " WHERE token(id) > ? AND token(id) <= ?",
                    range[0],
                    range[1])
                .one()
                .getLong(0);
      }
      return total;
    }
  }

  static void copy(String from, String to, int scans, int inFlightLimit) throws Exception {
    try (CqlSession source = connect(from);
        CqlSession target = connect(to)) {
      PreparedStatement scan =
          source.prepare(
              "SELECT id, name, email, n, score, created, WRITETIME(name), WRITETIME(score) FROM "
                  + table
                  + " WHERE token(id) > ? AND token(id) <= ?");
      PreparedStatement insert =
          target.prepare(
              "INSERT INTO "
                  + table
                  + " (id, name, email, n, created) VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?");
      PreparedStatement score =
          target.prepare("INSERT INTO " + table + " (id, score) VALUES (?, ?) USING TIMESTAMP ?");
      Semaphore inFlight = new Semaphore(inFlightLimit);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      AtomicLong copied = new AtomicLong();
      long started = System.nanoTime();
      ExecutorService pool = Executors.newFixedThreadPool(scans);
      List<Future<?>> tasks = new ArrayList<>();
      for (long[] range : ranges(256)) {
        tasks.add(
            pool.submit(
                () -> {
                  for (Row row : readAhead(source, scan.bind(range[0], range[1]))) {
                    BatchStatement batch =
                        BatchStatement.newInstance(
                            BatchType.UNLOGGED,
                            insert.bind(
                                row.getUuid(0),
                                row.getString(1),
                                row.getString(2),
                                row.getInt(3),
                                row.getInstant(5),
                                row.getLong(6)),
                            score.bind(row.getUuid(0), row.getDouble(4), row.getLong(7)));
                    inFlight.acquireUninterruptibly();
                    target
                        .executeAsync(batch)
                        .whenComplete(
                            (ok, error) -> {
                              if (error != null) {
                                failure.compareAndSet(null, error);
                              } else {
                                copied.incrementAndGet();
                              }
                              inFlight.release();
                            });
                  }
                  return null;
                }));
      }
      for (Future<?> task : tasks) {
        task.get();
      }
      inFlight.acquire(inFlightLimit);
      pool.shutdown();
      if (failure.get() != null) {
        throw new IllegalStateException(failure.get());
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      System.out.printf("raw copier: %d rows in %.1f s, %.0f rows/s%n", copied.get(), seconds,
          copied.get() / seconds);
    }
  }

  /**
   * What the lookup validator reads on both sides: the values, and each regular column's write time
   * and TTL, the checks {@code sluice validate} makes (and scylla-migrator's validator with {@code
   * compareTimestamps}).
   */
  private static final String SELECTED =
      "id, name, email, n, score, created"
          + ", WRITETIME(name), TTL(name), WRITETIME(email), TTL(email), WRITETIME(n), TTL(n)"
          + ", WRITETIME(score), TTL(score), WRITETIME(created), TTL(created)";

  /** Where the TTLs are among the selected columns: each right after its column's write time. */
  private static final int FIRST_TTL = 7;

  /** How far two TTLs read a moment apart may differ, as {@code sluice validate} allows. */
  private static final int TTL_TOLERANCE_SECONDS = 60;

  static void lookup(String from, String to, int scans, int inFlightLimit) throws Exception {
    try (CqlSession source = connect(from);
        CqlSession target = connect(to)) {
      PreparedStatement scan =
          source.prepare(
              "SELECT " + SELECTED + " FROM " + table + " WHERE token(id) > ? AND token(id) <= ?");
      PreparedStatement select =
          target.prepare("SELECT " + SELECTED + " FROM " + table + " WHERE id = ?");
      Semaphore inFlight = new Semaphore(inFlightLimit);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      AtomicLong matching = new AtomicLong();
      AtomicLong differing = new AtomicLong();
      AtomicLong missing = new AtomicLong();
      long started = System.nanoTime();
      ExecutorService pool = Executors.newFixedThreadPool(scans);
      List<Future<?>> tasks = new ArrayList<>();
      for (long[] range : ranges(256)) {
        tasks.add(
            pool.submit(
                () -> {
                  for (Row row : readAhead(source, scan.bind(range[0], range[1]))) {
                    inFlight.acquireUninterruptibly();
                    target
                        .executeAsync(select.bind(row.getUuid(0)))
                        .whenComplete(
                            (answer, error) -> {
                              if (error != null) {
                                failure.compareAndSet(null, error);
                              } else {
                                Row found = answer.one();
                                if (found == null) {
                                  missing.incrementAndGet();
                                } else if (same(row, found)) {
                                  matching.incrementAndGet();
                                } else {
                                  differing.incrementAndGet();
                                }
                              }
                              inFlight.release();
                            });
                  }
                  return null;
                }));
      }
      for (Future<?> task : tasks) {
        task.get();
      }
      inFlight.acquire(inFlightLimit);
      pool.shutdown();
      if (failure.get() != null) {
        throw new IllegalStateException(failure.get());
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      long checked = matching.get() + differing.get() + missing.get();
      System.out.printf(
          "lookup validator: %d rows in %.1f s, %.0f rows/s; matching %d, differing %d,"
              + " missing %d%n",
          checked, seconds, checked / seconds, matching.get(), differing.get(), missing.get());
    }
  }

  private static boolean same(Row a, Row b) {
    for (int i = 0; i < a.getColumnDefinitions().size(); i++) {
      boolean ttl = i >= FIRST_TTL && (i - FIRST_TTL) % 2 == 0;
      if (ttl ? !closeTtls(a, b, i) : !Objects.equals(a.getObject(i), b.getObject(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean closeTtls(Row a, Row b, int i) {
    if (a.isNull(i) || b.isNull(i)) {
      return a.isNull(i) == b.isNull(i);
    }
    return Math.abs(a.getInt(i) - b.getInt(i)) <= TTL_TOLERANCE_SECONDS;
  }

  /** The rows of a scan, each page asked for as soon as the one before arrives. */
  static Iterable<Row> readAhead(CqlSession session, Statement<?> statement) {
    return () ->
        new Iterator<>() {
          private AsyncResultSet page = await(session.executeAsync(statement.setPageSize(5000)));
          private CompletableFuture<AsyncResultSet> next = ahead(page);
          private Iterator<Row> rows = page.currentPage().iterator();

          @Override
          public boolean hasNext() {
            while (!rows.hasNext() && next != null) {
              page = await(next);
              next = ahead(page);
              rows = page.currentPage().iterator();
            }
            return rows.hasNext();
          }

          @Override
          public Row next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            return rows.next();
          }
        };
  }

  private static CompletableFuture<AsyncResultSet> ahead(AsyncResultSet page) {
    return page.hasMorePages() ? page.fetchNextPage().toCompletableFuture() : null;
  }

  private static AsyncResultSet await(CompletionStage<AsyncResultSet> request) {
    try {
      return request.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /** The ring cut into {@code parts} equal token ranges (start exclusive, end inclusive). */
  static List<long[]> ranges(int parts) {
    List<long[]> ranges = new ArrayList<>();
    BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
    BigInteger span = BigInteger.valueOf(Long.MAX_VALUE).subtract(min);
    long previous = Long.MIN_VALUE;
    for (int i = 1; i <= parts; i++) {
      long end =
          i == parts
              ? Long.MAX_VALUE
              : min.add(span.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(parts)))
                  .longValueExact();
      ranges.add(new long[] {previous, end});
      previous = end;
    }
    return ranges;
  }
}
