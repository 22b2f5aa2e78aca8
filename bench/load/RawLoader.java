import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.io.BufferedReader;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The smallest loader that does the same job: read the benchmark's CSV line by line, split on
 * commas (the generator never quotes), parse each field, and write it with one prepared {@code
 * INSERT ... USING TIMESTAMP}, async, at most {@code --in-flight} writes awaiting an answer. No
 * retries, no checkpoints, no reject file: what the node takes when the client does almost nothing,
 * the "raw limit" the other loaders are compared with. Run by run.sh as its own process, with the
 * built sluice.jar (which holds the Java driver) on the class path.
 *
 * <pre>
 * RawLoader --csv people.csv --contact-point host:port --datacenter dc
 *           [--in-flight 256] [--limit N]
 * </pre>
 */
public final class RawLoader {

  /** Every row gets this write time, as Sluice's job gives it: 2024-06-30T00:00:00Z. */
  private static final long WRITE_TIME_MICROS = 1_719_705_600_000_000L;

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    Path csv = Path.of(options.get("csv"));
    String contactPoint = options.getOrDefault("contact-point", "127.0.0.1:9042");
    int inFlight = Integer.parseInt(options.getOrDefault("in-flight", "256"));
    long limit = Long.parseLong(options.getOrDefault("limit", String.valueOf(Long.MAX_VALUE)));
    int colon = contactPoint.lastIndexOf(':');
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(
                new InetSocketAddress(
                    contactPoint.substring(0, colon),
                    Integer.parseInt(contactPoint.substring(colon + 1))))
            .withLocalDatacenter(options.getOrDefault("datacenter", "datacenter1"))
            .withConfigLoader(
                DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(12))
                    .withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false)
                    .build())
            .build()) {
      PreparedStatement insert =
          session.prepare(
              "INSERT INTO bench_load.people (id, name, email, n, score, created)"
                  + " VALUES (?, ?, ?, ?, ?, ?) USING TIMESTAMP "
                  + WRITE_TIME_MICROS);
      Semaphore permits = new Semaphore(inFlight);
      AtomicLong written = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      AtomicReference<Throwable> firstError = new AtomicReference<>();
      long start = System.nanoTime();
      long read = 0;
      String[] fields = new String[6];
      try (BufferedReader reader = Files.newBufferedReader(csv)) {
        reader.readLine(); // header
        for (String line; read < limit && (line = reader.readLine()) != null; read++) {
          split(line, fields);
          permits.acquire();
          session
              .executeAsync(
                  insert.bind(
                      UUID.fromString(fields[0]),
                      fields[1],
                      fields[2],
                      Integer.parseInt(fields[3]),
                      Double.parseDouble(fields[4]),
                      Instant.parse(fields[5])))
              .whenComplete(
                  (result, error) -> {
                    if (error == null) {
                      written.incrementAndGet();
                    } else {
                      failed.incrementAndGet();
                      firstError.compareAndSet(null, error);
                    }
                    permits.release();
                  });
        }
      }
      permits.acquire(inFlight);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "raw loader: rows=%d failed=%d seconds=%.2f rows/s=%.0f in-flight=%d%n",
          written.get(), failed.get(), seconds, written.get() / seconds, inFlight);
      if (failed.get() > 0) {
        System.err.println("first failure: " + firstError.get());
        System.exit(1);
      }
    }
  }

  /** Splits one unquoted CSV line into exactly {@code fields.length} fields. */
  private static void split(String line, String[] fields) {
    int from = 0;
    for (int f = 0; f < fields.length - 1; f++) {
      int comma = line.indexOf(',', from);
      fields[f] = line.substring(from, comma);
      from = comma + 1;
    }
    fields[fields.length - 1] = line.substring(from);
  }
}
