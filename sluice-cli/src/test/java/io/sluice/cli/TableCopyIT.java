package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table read as a source ({@code type: cassandra}) and copied into another table: every cell
 * keeps its value, its own write time and its TTL, and the report's counts add up.
 */
@RealCassandra
class TableCopyIT {

  private static final int PARTITIONS = 40;
  private static final int ROWS_PER_PARTITION = 25;
  private static final long BASE_MICROS = 1_700_000_000_000_000L;

  private static final String COLUMNS =
      "id int, n int, name text, score double, tiny tinyint, big varint, "
          + "tags set<text>, counts map<text, int>, fixed frozen<list<int>>, "
          + "data blob, at timestamp, note text static, PRIMARY KEY (id, n)";

  @TempDir Path dir;

  private static void createTables(CqlSession session, String source, String target) {
    session.execute("CREATE TABLE " + source + " (" + COLUMNS + ")");
    session.execute("CREATE TABLE " + target + " (" + COLUMNS + ")");
  }

  /** Rows whose cells were written at different times, some with a TTL, and some deleted. */
  private static void fill(CqlSession session, String table) {
    PreparedStatement row =
        session.prepare(
            "INSERT INTO "
                + table
                + " (id, n, name, score, tiny, big, fixed, data, at) VALUES (?, ?, ?, ?, ?, ?, ?,"
                + " ?, ?) USING TIMESTAMP ?");
    PreparedStatement name =
        session.prepare(
            "UPDATE " + table + " USING TIMESTAMP ? AND TTL ? SET name = ? WHERE id = ? AND n = ?");
    PreparedStatement tags =
        session.prepare(
            "UPDATE "
                + table
                + " USING TIMESTAMP ? SET tags = tags + ?, counts = counts + ? WHERE id = ? AND n"
                + " = ?");
    PreparedStatement note =
        session.prepare("UPDATE " + table + " USING TIMESTAMP ? SET note = ? WHERE id = ?");
    for (int id = 0; id < PARTITIONS; id++) {
      BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
      for (int n = 0; n < ROWS_PER_PARTITION; n++) {
        long at = BASE_MICROS + id * 1_000L + n;
        batch =
            batch.add(
                row.bind(
                    id,
                    n,
                    "name-" + id + "-" + n,
                    id + n / 4.0,
                    (byte) n,
                    java.math.BigInteger.valueOf(id).pow(5),
                    List.of(id, n),
                    java.nio.ByteBuffer.wrap(new byte[] {(byte) id, (byte) n}),
                    java.time.Instant.ofEpochMilli(1_600_000_000_000L + n),
                    at));
        if (n % 5 == 0) {
          batch = batch.add(name.bind(at + 500, 86_400, "renamed-" + n, id, n));
        }
        if (n % 3 == 0) {
          batch =
              batch.add(tags.bind(at + 700, Set.of("t" + n, "u" + id), Map.of("k" + n, n), id, n));
        }
      }
      batch = batch.add(note.bind(BASE_MICROS + 9_000_000L + id, "note-" + id, id));
      session.execute(batch);
    }
    session.execute("DELETE FROM " + table + " WHERE id = 1 AND n = 3");
    session.execute("DELETE FROM " + table + " WHERE id = 2");
  }

  private static final String MAPPING =
      """
      mapping:
        columns:
          id: id
          n: n
          name: name
          score: score
          tiny: tiny
          big: big
          tags: tags
          counts: counts
          fixed: fixed
          data: data
          at: at
          note: note
      max-errors: 0
      """;

  @Test
  void should_copy_every_cell_with_its_write_time_and_ttl_to_another_cluster(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    createTables(source.session(), "src", "dst");
    createTables(session, "src", "dst");
    fill(source.session(), "src");
    // Written at 250 rows/s from pages of 400 rows asked ahead: a row is written up to 3 s after
    // its page was read, time its TTL must not gain.
    Path job =
        JobFile.write(
            dir,
            "copy",
            keyspace,
            "dst",
            JobFile.tableSource(source.keyspace(), "src", 400),
            MAPPING + "flow: { rows-per-second: 250 }\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    // A table just written has no size estimates yet, unless the nodes' periodic estimate (every
    // few minutes, from flushed data) came in between: without them, no size, percent or ETA is
    // invented.
    assertThat(run.out()).contains("Progress: ");
    if (run.out().contains("size not known yet")) {
      assertThat(run.out()).doesNotContainPattern("ETA \\d").doesNotContain("% read");
    }
    assertThat(session.execute("SELECT count(*) FROM src").one().getLong(0)).isZero();
    long sourceRows = source.session().execute("SELECT count(*) FROM src").one().getLong(0);
    assertThat(session.execute("SELECT count(*) FROM dst").one().getLong(0)).isEqualTo(sourceRows);
    JsonNode counts = CliRun.report(dir.resolve("state-copy"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(sourceRows);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(sourceRows);
    assertThat(counts.get("rejected-decode").asLong()).isZero();
    assertThat(counts.get("rejected-mapping").asLong()).isZero();
    assertThat(counts.get("rows-failed").asLong()).isZero();

    int inFlight = CliRun.slowestWriteSeconds(dir.resolve("state-copy"));
    String cells =
        "SELECT id, n, name, WRITETIME(name), TTL(name), score, WRITETIME(score), tiny, big,"
            + " tags, counts, WRITETIME(tags), fixed, data, at, note, WRITETIME(note) FROM ";
    for (Row expected : source.session().execute(cells + "src").all()) {
      Row actual =
          session
              .execute(
                  cells + "dst WHERE id = ? AND n = ?", expected.getInt("id"), expected.getInt("n"))
              .one();
      assertThat(actual).as("row %s/%s", expected.getInt(0), expected.getInt(1)).isNotNull();
      for (int i = 0; i < expected.getColumnDefinitions().size(); i++) {
        if (i == 4) {
          if (expected.isNull(i)) {
            assertThat(actual.isNull(i)).isTrue();
          } else {
            // The copy expires when the source cell does, to the second: its TTL counts down from
            // the read to the write (a row is written up to 3 s after its page was asked). Both
            // TTLs are read at the same moment, the target's just after the source's; each
            // cluster counts from the second its clock is in when a request arrives, so the copy
            // also outlives its source by the time its write was in flight (a busy machine's
            // seconds), at most the run's slowest write.
            int sourceTtl =
                source
                    .session()
                    .execute(
                        "SELECT TTL(name) FROM src WHERE id = ? AND n = ?",
                        expected.getInt("id"),
                        expected.getInt("n"))
                    .one()
                    .getInt(0);
            int targetTtl =
                session
                    .execute(
                        "SELECT TTL(name) FROM dst WHERE id = ? AND n = ?",
                        expected.getInt("id"),
                        expected.getInt("n"))
                    .one()
                    .getInt(0);
            assertThat(targetTtl)
                .as("TTL of row %s/%s", expected.getInt(0), expected.getInt(1))
                .isBetween(sourceTtl - 2, sourceTtl + 1 + inFlight);
          }
        } else {
          assertThat(actual.getObject(i))
              .as(
                  "%s of row %s/%s",
                  expected.getColumnDefinitions().get(i).getName(),
                  expected.getInt(0),
                  expected.getInt(1))
              .isEqualTo(expected.getObject(i));
        }
      }
    }
  }

  @Test
  void should_end_with_the_same_table_when_killed_at_random_moments_and_resumed(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    int partitions = 12;
    int rowsPerPartition = 2_500;
    session.execute("CREATE TABLE wide_src (id int, n int, v text, PRIMARY KEY (id, n))");
    session.execute("CREATE TABLE wide_dst (id int, n int, v text, PRIMARY KEY (id, n))");
    PreparedStatement insert =
        session.prepare("INSERT INTO wide_src (id, n, v) VALUES (?, ?, ?) USING TIMESTAMP ?");
    for (int id = 0; id < partitions; id++) {
      for (int from = 0; from < rowsPerPartition; from += 100) {
        BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
        for (int n = from; n < from + 100; n++) {
          batch = batch.add(insert.bind(id, n, "value " + id + "/" + n, BASE_MICROS + n));
        }
        session.execute(batch);
      }
    }
    // The source's own read rate keeps the copy slow enough to be killed midway.
    String sources =
        JobFile.tableSource(keyspace, "wide_src", 200) + "      rows-per-second: 3000\n";
    Path job =
        JobFile.write(
            dir,
            "killed",
            keyspace,
            "wide_dst",
            sources,
            "mapping:\n  columns: { id: id, n: n, v: v }\n"
                + "flow: { workers: 2 }\nmax-errors: 0\n");
    Path checkpoint = dir.resolve("state-killed/checkpoint.json");
    int killedMidway =
        SluiceProcess.killAfterSaves(dir, checkpoint, 4, new Random(11), "migrate", job.toString());
    SluiceProcess last = SluiceProcess.start(dir, "migrate", job.toString());
    int exit = last.waitFor(600);

    assertThat(exit).as(last.output()).isEqualTo(ExitCodes.OK);
    assertThat(killedMidway).isGreaterThanOrEqualTo(2);
    int total = partitions * rowsPerPartition;
    JsonNode counts = CliRun.report(dir.resolve("state-killed"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(total);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(total);
    // Each resume reads again at most the page of each split's saved position: not whole splits.
    int splits = new ObjectMapper().readTree(checkpoint.toFile()).get("splits").size();
    long readAgain = counts.get("records-read-again").asLong();
    assertThat(readAgain).isPositive().isLessThanOrEqualTo((long) killedMidway * splits * 200);
    assertThat(session.execute("SELECT count(*) FROM wide_dst").one().getLong(0)).isEqualTo(total);
    for (Row row : session.execute("SELECT id, n, v, WRITETIME(v) FROM wide_dst").all()) {
      assertThat(row.getString(2)).isEqualTo("value " + row.getInt(0) + "/" + row.getInt(1));
      assertThat(row.getLong(3)).isEqualTo(BASE_MICROS + row.getInt(1));
    }
  }

  /**
   * Live writes beside the copy, as dual writes make them: each goes to both clusters at the
   * current time, and the copy, written at the source cells' older times, never overwrites them.
   */
  @Test
  void should_keep_the_newer_values_of_writes_made_while_it_copies(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    int partitions = 20;
    int rowsPerPartition = 1_000;
    String table = "CREATE TABLE live (id int, n int, v text, PRIMARY KEY (id, n))";
    source.session().execute(table);
    session.execute(table);
    PreparedStatement insert =
        source.session().prepare("INSERT INTO live (id, n, v) VALUES (?, ?, ?) USING TIMESTAMP ?");
    for (int id = 0; id < partitions; id++) {
      for (int from = 0; from < rowsPerPartition; from += 100) {
        BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
        for (int n = from; n < from + 100; n++) {
          batch = batch.add(insert.bind(id, n, "old", BASE_MICROS + n));
        }
        source.session().execute(batch);
      }
    }
    Path job =
        JobFile.write(
            dir,
            "live",
            keyspace,
            "live",
            JobFile.tableSource(source.keyspace(), "live", 100),
            "mapping:\n  columns: { id: id, n: n, v: v }\n"
                + "flow: { workers: 2, rows-per-second: 2000 }\nmax-errors: 0\n");
    ExecutorService copier = Executors.newSingleThreadExecutor();
    Map<List<Integer>, String> updated = new HashMap<>();
    try {
      Future<CliRun> copy = copier.submit(() -> CliRun.of("migrate", job.toString()));
      Path checkpoint = dir.resolve("state-live/checkpoint.json");
      Await.until(
          "the copy's first checkpoint", Duration.ofMinutes(5), () -> Files.exists(checkpoint));
      PreparedStatement onSource =
          source.session().prepare("UPDATE live SET v = ? WHERE id = ? AND n = ?");
      PreparedStatement onTarget = session.prepare("UPDATE live SET v = ? WHERE id = ? AND n = ?");
      Random random = new Random(5);
      for (int write = 0; write < 300; write++) {
        int id = random.nextInt(partitions);
        int n = random.nextInt(rowsPerPartition);
        String value = "new " + write;
        source.session().execute(onSource.bind(value, id, n));
        session.execute(onTarget.bind(value, id, n));
        updated.put(List.of(id, n), value);
      }
      CliRun run = copy.get(10, TimeUnit.MINUTES);
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    } finally {
      copier.shutdownNow();
    }

    assertThat(session.execute("SELECT count(*) FROM live").one().getLong(0))
        .isEqualTo((long) partitions * rowsPerPartition);
    for (Map.Entry<List<Integer>, String> write : updated.entrySet()) {
      Row row =
          session
              .execute(
                  "SELECT v FROM live WHERE id = ? AND n = ?",
                  write.getKey().get(0),
                  write.getKey().get(1))
              .one();
      assertThat(row.getString(0)).as("row %s", write.getKey()).isEqualTo(write.getValue());
    }
  }

  @Test
  void should_plan_the_source_tables_own_definition_and_copy_with_it(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    source.session().execute("CREATE TYPE address (street text, zip int)");
    source.session().execute("CREATE TYPE person (name text, home frozen<address>)");
    source
        .session()
        .execute(
            "CREATE TABLE orders (shop text, day date, seq int, \"select\" text, buyer"
                + " frozen<person>, pair tuple<int, text>, lines frozen<list<int>>, owner text"
                + " static, notes list<text>, tags set<text>, PRIMARY KEY ((shop, day), seq))"
                + " WITH CLUSTERING ORDER BY (seq DESC)");
    source
        .session()
        .execute(
            "INSERT INTO orders (shop, day, seq, \"select\", buyer, pair, lines, owner) VALUES"
                + " ('s1', '2024-05-01', 3, 'x', {name: 'Ada', home: {street: 'Main', zip: 123}},"
                + " (1, 'one'), [1, 2], 'Bob') USING TIMESTAMP 1000");
    source
        .session()
        .execute(
            "INSERT INTO orders (shop, day, seq, \"select\") VALUES ('s1', '2024-05-01', 1, 'y')"
                + " USING TIMESTAMP 2000");
    // The copy goes to a keyspace of another name, which its CQL must name throughout.
    TestKeyspace target =
        new TestKeyspace(
            keyspace.contactPoints(), keyspace.localDatacenter(), keyspace.name() + "_copy");
    session.execute(
        "CREATE KEYSPACE "
            + target.name()
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    try {
      copyWithThePlannedDefinition(session, target, source);
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS " + target.name());
    }
  }

  private void copyWithThePlannedDefinition(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    Path planJob =
        JobFile.write(
            dir,
            "orders",
            keyspace,
            "orders_copy",
            JobFile.tableSource(source.keyspace(), "orders", 10),
            "");

    CliRun plan =
        CliRun.of(
            "plan",
            planJob.toString(),
            "--mapping-out",
            dir.resolve("orders-mapping.yaml").toString(),
            "--cql-out",
            dir.resolve("orders.cql").toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("CREATE TYPE IF NOT EXISTS " + keyspace.name() + ".address")
        .contains("CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".orders_copy (")
        .contains("  owner text STATIC,")
        .contains("PRIMARY KEY ((shop, day), seq)")
        .contains("WITH CLUSTERING ORDER BY (seq DESC)")
        .contains("notes: a list, each element at its own write time and with its own TTL")
        .contains("tags: each element at its own write time");
    for (String statement : Files.readString(dir.resolve("orders.cql")).split(";")) {
      if (!statement.isBlank()) {
        assertThat(statement).doesNotContain(source.keyspace().name() + ".");
        session.execute(statement);
      }
    }
    Path job =
        JobFile.write(
            dir,
            "orders",
            keyspace,
            "orders_copy",
            JobFile.tableSource(source.keyspace(), "orders", 10),
            Files.readString(dir.resolve("orders-mapping.yaml")));

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    assertCopied(session, keyspace, source);

    // Without a mapping, a table source copies each column to the column of the same name.
    session.execute("TRUNCATE " + keyspace.name() + ".orders_copy");
    Path unmapped =
        JobFile.write(
            dir,
            "orders-unmapped",
            keyspace,
            "orders_copy",
            JobFile.tableSource(source.keyspace(), "orders", 10),
            "");
    CliRun copied = CliRun.of("migrate", unmapped.toString());

    assertThat(copied.exitCode()).as(copied.toString()).isEqualTo(ExitCodes.OK);
    assertCopied(session, keyspace, source);

    session.execute(
        "CREATE TABLE "
            + keyspace.name()
            + ".orders_narrow (shop text, day date, seq int, \"select\" text, PRIMARY KEY"
            + " ((shop, day), seq))");
    Path narrow =
        JobFile.write(
            dir,
            "orders-narrow",
            keyspace,
            "orders_narrow",
            JobFile.tableSource(source.keyspace(), "orders", 10),
            "");
    CliRun refused = CliRun.of("migrate", narrow.toString());

    assertThat(refused.exitCode()).as(refused.toString()).isNotEqualTo(ExitCodes.OK);
    assertThat(refused.err())
        .contains("has no column of the same name for the source's")
        .contains("buyer")
        .contains("tags")
        .doesNotContain("select")
        .contains("sluice plan");
    assertThat(session.execute("SELECT * FROM " + keyspace.name() + ".orders_narrow").one())
        .isNull();
  }

  private static void assertCopied(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) {
    String cells = "SELECT seq, \"select\", buyer, pair, lines, owner, WRITETIME(\"select\") FROM ";
    List<Row> expected = source.session().execute(cells + "orders").all();
    List<Row> actual = session.execute(cells + keyspace.name() + ".orders_copy").all();
    assertThat(actual).hasSize(2);
    for (int r = 0; r < expected.size(); r++) {
      for (int c = 0; c < expected.get(r).getColumnDefinitions().size(); c++) {
        assertThat(text(actual.get(r).getObject(c)))
            .as("column %s of row %s", c, r)
            .isEqualTo(text(expected.get(r).getObject(c)));
      }
    }
  }

  /** A value as CQL shows it: a user-defined type's or tuple's by content, not by its type. */
  private static String text(Object value) {
    if (value instanceof UdtValue udt) {
      return udt.getFormattedContents();
    }
    if (value instanceof TupleValue tuple) {
      return tuple.getFormattedContents();
    }
    return String.valueOf(value);
  }

  /**
   * A partition of static cells only reads as a row without clustering values, with the table's
   * non-frozen collections read as empty ones (the driver's reading of none).
   */
  @Test
  void should_copy_a_partition_that_holds_only_static_cells(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String table =
        " (id int, n int, v text, note text static, s set<text>, l list<int>,"
            + " fl frozen<list<int>>, PRIMARY KEY (id, n))";
    session.execute("CREATE TABLE statics_src" + table);
    session.execute("CREATE TABLE statics_dst" + table);
    session.execute(
        "INSERT INTO statics_src (id, n, v, note, s, l, fl) VALUES (1, 1, 'a', 'first', {'x'},"
            + " [7], [])");
    // A frozen list is a value even when empty, and none when the row lacks it: the two differ.
    session.execute("INSERT INTO statics_src (id, n, v) VALUES (1, 2, 'b')");
    session.execute("UPDATE statics_src USING TIMESTAMP 5000 SET note = 'alone' WHERE id = 2");
    Path job =
        JobFile.write(
            dir,
            "statics",
            keyspace,
            "statics_dst",
            JobFile.tableSource(keyspace, "statics_src", 10),
            "mapping:\n  columns: { id: id, n: n, v: v, note: note, s: s, l: l, fl: fl }\n"
                + "max-errors: 0\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    Row alone = session.execute("SELECT note, WRITETIME(note) FROM statics_dst WHERE id = 2").one();
    assertThat(alone.getString(0)).isEqualTo("alone");
    assertThat(alone.getLong(1)).isEqualTo(5000);
    assertThat(session.execute("SELECT v, note FROM statics_dst WHERE id = 1 AND n = 1").one())
        .satisfies(row -> assertThat(row.getString(0) + row.getString(1)).isEqualTo("afirst"));
    Row collections = session.execute("SELECT s, l FROM statics_dst WHERE id = 1 AND n = 1").one();
    assertThat(collections.getSet(0, String.class)).containsExactly("x");
    assertThat(collections.getList(1, Integer.class)).containsExactly(7);
    Row empty = session.execute("SELECT fl FROM statics_dst WHERE id = 1 AND n = 1").one();
    assertThat(empty.isNull(0)).as("an empty frozen list is copied as one").isFalse();
    assertThat(empty.getList(0, Integer.class)).isEmpty();
    Row none = session.execute("SELECT v, fl FROM statics_dst WHERE id = 1 AND n = 2").one();
    assertThat(none.getString(0)).isEqualTo("b");
    assertThat(none.isNull(1)).as("a frozen list the row lacks stays none").isTrue();
    JsonNode counts = CliRun.report(dir.resolve("state-statics"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(3);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(3);

    // The static-only row is checked by its partition key alone.
    CliRun check = CliRun.of("validate", job.toString());
    assertThat(check.exitCode()).as(check.toString()).isEqualTo(ExitCodes.OK);
    session.execute("UPDATE statics_dst USING TIMESTAMP 5000 SET note = 'changed' WHERE id = 2");
    CliRun damaged = CliRun.of("validate", job.toString());
    assertThat(damaged.exitCode())
        .as(damaged.toString())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode summary =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(dir.resolve("state-statics/validate/validation.json").toFile());
    assertThat(summary.at("/totals/differences").asLong()).as(summary.toString()).isEqualTo(1);
    assertThat(summary.at("/findings/0/kind").asText()).isEqualTo("mismatch");
    assertThat(summary.at("/findings/0/key").asText()).contains("id=2");
  }

  /**
   * A static non-frozen list goes with its partition's first row only: written again with each row,
   * its elements would be appended once a row. An IPv4-mapped IPv6 address keeps its 16 bytes, in a
   * key and in a tuple, where the driver would read an IPv4 address.
   */
  @Test
  void should_copy_a_static_list_once_and_an_ipv4_mapped_address_with_its_bytes(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String table =
        " (id int, a inet, sl list<int> static, t tuple<int, inet>, PRIMARY KEY (id, a))";
    session.execute("CREATE TABLE lists_src" + table);
    session.execute("CREATE TABLE lists_dst" + table);
    String mapped = "blobAsInet(0x00000000000000000000ffff0a000001)";
    session.execute("UPDATE lists_src USING TIMESTAMP 1000 SET sl = [7, 8] WHERE id = 1");
    session.execute(
        "UPDATE lists_src USING TIMESTAMP 2000 SET sl = sl + [9], t = (1, "
            + mapped
            + ") WHERE id = 1 AND a = "
            + mapped);
    for (int row = 1; row <= 3; row++) {
      session.execute(
          "INSERT INTO lists_src (id, a) VALUES (1, '10.0.0." + row + "') USING TIMESTAMP 3000");
    }
    Path job =
        JobFile.write(
            dir,
            "lists",
            keyspace,
            "lists_dst",
            JobFile.tableSource(keyspace, "lists_src", 2),
            "mapping:\n  columns: { id: id, a: a, sl: sl, t: t }\n" + "max-errors: 0\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    String cells =
        "SELECT sl, WRITETIME(sl), inetAsBlob(a), t FROM %s WHERE id = 1 AND a = " + mapped;
    Row source = session.execute(String.format(cells, "lists_src")).one();
    Row copy = session.execute(String.format(cells, "lists_dst")).one();
    assertThat(copy).as("the row keyed by the mapped address").isNotNull();
    assertThat(copy.getList(0, Integer.class)).containsExactly(7, 8, 9);
    assertThat(copy.getList(1, Long.class)).isEqualTo(source.getList(1, Long.class));
    assertThat(copy.getByteBuffer(2)).isEqualTo(source.getByteBuffer(2));
    // the tuple as stored: the driver would read its address as an IPv4 one
    assertThat(copy.getBytesUnsafe(3)).isEqualTo(source.getBytesUnsafe(3));
    assertThat(copy.getBytesUnsafe(3).remaining()).isEqualTo(4 + 4 + 4 + 16);
    assertThat(session.execute("SELECT count(*) FROM lists_dst").one().getLong(0)).isEqualTo(4);
    CliRun check = CliRun.of("validate", job.toString());
    assertThat(check.exitCode()).as(check.toString()).isEqualTo(ExitCodes.OK);
  }
}
