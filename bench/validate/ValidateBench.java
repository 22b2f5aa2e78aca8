import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.cassandra.SessionFactory;
import io.sluice.cli.SluiceCommand;
import io.sluice.core.job.TargetSpec;
import io.sluice.formats.bson.BsonDumpWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;

/**
 * Times {@code sluice validate} against the smallest raw async point-read loop over the same keys,
 * in the same JVM, against the same table. Run by run.sh with the built sluice.jar on the class
 * path (Java's source-file mode); not compiled by the build.
 */
public final class ValidateBench {

  private static final String KEYSPACE = "bench_validate";
  private static final int IN_FLIGHT = 256;
  private static final int ROUNDS = 2;
  private static final String COLUMNS = "name, n, email, score, tags";

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    int rows = Integer.parseInt(options.getOrDefault("rows", "200000"));
    String contactPoint = options.getOrDefault("contact-point", "127.0.0.1:9042");
    String datacenter = options.getOrDefault("datacenter", "datacenter1");
    Path work = Path.of(options.getOrDefault("work", "target")).toAbsolutePath();
    Path data = work.resolve("data-" + rows);
    Files.createDirectories(data);
    Path job = writeJob(data, contactPoint, datacenter);
    TargetSpec target =
        new TargetSpec(null, List.of(contactPoint), datacenter, KEYSPACE, "people", null, null,
            null, null, null, null);
    try (CqlSession session = SessionFactory.open(target.cluster(), data)) {
      load(session, data, job, rows);
      PreparedStatement select =
          session.prepare(
              "SELECT " + COLUMNS + ", writetime(name), writetime(n), writetime(email),"
                  + " writetime(score), writetime(tags) FROM " + KEYSPACE + ".people WHERE id = ?");
      double bestRaw = 0;
      double bestValidate = 0;
      for (int round = 1; round <= ROUNDS; round++) {
        double raw = rawReads(session, select, rows);
        double validate = validate(job, data, rows);
        System.out.printf(
            "Round %d: raw point reads %,10.0f rows/s   sluice validate %,10.0f rows/s%n",
            round, raw, validate);
        bestRaw = Math.max(bestRaw, raw);
        bestValidate = Math.max(bestValidate, validate);
      }
      System.out.printf(
          "%nRows: %,d, in flight: %d, processors: %d%n"
              + "Raw point reads (node's practical read limit): %,.0f rows/s%n"
              + "sluice validate:                               %,.0f rows/s%n"
              + "Ratio validate / raw:                          %.2f%n",
          rows, IN_FLIGHT, Runtime.getRuntime().availableProcessors(), bestRaw, bestValidate,
          bestValidate / bestRaw);
    }
  }

  private static String id(int i) {
    return String.format("p%09d", i);
  }

  private static Path writeJob(Path data, String contactPoint, String datacenter)
      throws Exception {
    Path job = data.resolve("job.yaml");
    Files.writeString(
        job,
        "name: bench\n"
            + "state-dir: state\n"
            + "sources:\n"
            + "  - name: people\n    type: bson\n    path: people.bson\n"
            + "    write-timestamp: 2024-06-30T00:00:00Z\n"
            + "    options: {split-size: 4MiB}\n"
            + "target:\n"
            + "  contact-points: [" + contactPoint + "]\n"
            + "  local-datacenter: " + datacenter + "\n"
            + "  keyspace: " + KEYSPACE + "\n  table: people\n"
            + "mapping:\n  columns:\n    id: _id\n    name: name\n    n: n\n    email: email\n"
            + "    score: score\n    tags: tags\n"
            + "flow: { max-in-flight: " + IN_FLIGHT + " }\n");
    return job;
  }

  /** Writes the dump and loads it with sluice migrate, once per row count. */
  private static void load(CqlSession session, Path data, Path job, int rows) throws Exception {
    Path loaded = data.resolve("loaded");
    session.execute(
        "CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute(
        "CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".people (id text PRIMARY KEY, name text,"
            + " n int, email text, score double, tags frozen<list<text>>)");
    if (Files.exists(loaded)) {
      return;
    }
    session.execute("TRUNCATE " + KEYSPACE + ".people");
    try (BsonDumpWriter writer = BsonDumpWriter.create(data.resolve("people.bson"))) {
      for (int i = 0; i < rows; i++) {
        writer.write(
            new Document("_id", id(i))
                .append("name", "Person number " + i)
                .append("n", i)
                .append("email", "person" + i + "@example.com")
                .append("score", i / 7.0)
                .append("tags", List.of("t" + i % 13, "bench")));
      }
    }
    System.out.printf("Loading %,d rows with sluice migrate ...%n", rows);
    int exit = sluice(data, "migrate", job.toString(), "--fresh");
    if (exit != 0) {
      throw new IllegalStateException("sluice migrate failed; see " + data.resolve("sluice.log"));
    }
    Files.writeString(loaded, "yes\n");
  }

  /** The minimal loop: every key read once, async, at most IN_FLIGHT at a time. */
  private static double rawReads(CqlSession session, PreparedStatement select, int rows)
      throws InterruptedException {
    Semaphore permits = new Semaphore(IN_FLIGHT);
    AtomicLong found = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    long start = System.nanoTime();
    for (int i = 0; i < rows; i++) {
      permits.acquire();
      session
          .executeAsync(select.bind(id(i)))
          .whenComplete(
              (result, error) -> {
                if (error == null && result.one() != null) {
                  found.incrementAndGet();
                } else {
                  failed.incrementAndGet();
                }
                permits.release();
              });
    }
    permits.acquire(IN_FLIGHT);
    double seconds = (System.nanoTime() - start) / 1e9;
    if (found.get() != rows) {
      throw new IllegalStateException(
          "raw reads found " + found.get() + " of " + rows + " rows (" + failed.get() + " failed)");
    }
    return rows / seconds;
  }

  /** Runs sluice validate in this JVM; its rate is over the run itself, without connecting. */
  private static double validate(Path job, Path data, int rows) throws Exception {
    int exit = sluice(data, "validate", job.toString(), "--fresh");
    JsonNode report =
        new ObjectMapper().readTree(data.resolve("state/validate/report.json").toFile());
    long checked = report.at("/counts/rows-checked").asLong();
    if (exit != 0 || checked != rows) {
      throw new IllegalStateException(
          "sluice validate ended with " + exit + " after checking " + checked + " rows; see "
              + data.resolve("sluice.log"));
    }
    return checked / (Duration.parse(report.get("elapsed").asText()).toMillis() / 1000.0);
  }

  private static int sluice(Path data, String... args) throws Exception {
    try (PrintWriter log =
        new PrintWriter(Files.newBufferedWriter(data.resolve("sluice.log")), true)) {
      return SluiceCommand.run(log, log, args);
    }
  }
}
