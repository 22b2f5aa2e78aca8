package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.Counts;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole keyspace in one job on Spark ({@code local[2]}): a source keyspace of a table with a user
 * type, a table with a static column, a larger table that {@code per-table:} renames and a counter
 * table, copied by one job whose source names {@code tables: ["*"]} into a keyspace that {@code
 * schema: create} makes. Every row arrives with its write times, the counter table is named as not
 * copied, and {@code report.json} counts each table, the tables' counts summing to the job's. A
 * second submission, after one table's target is emptied and its splits' progress (and one split of
 * another table) set back as a driver killed before their tasks ran leaves it, runs exactly those
 * splits, each into its own table. {@code validate} on Spark refuses the job, which it does not
 * check yet.
 */
@RealCassandra
class SparkKeyspaceIT {

  private static final long BASE_MICROS = 1_700_000_000_000_000L;
  private static final int PROFILES = 300;
  private static final int DEVICES = 20;
  private static final int READINGS_PER_DEVICE = 30;
  private static final int ORDERS = 2_000;

  /** Each copied table's rows, their cells and write times, as both sides are read. */
  private static final Map<String, String> SELECTS =
      Map.of(
          "profiles",
          "SELECT id, name, home, tags, WRITETIME(name) AS wt_name, WRITETIME(home) AS wt_home,"
              + " TTL(name) AS ttl_name FROM %s.profiles",
          "readings",
          "SELECT device, at, value, owner, WRITETIME(value) AS wt_value,"
              + " WRITETIME(owner) AS wt_owner FROM %s.readings",
          "orders",
          "SELECT id, total, note, WRITETIME(total) AS wt_total, WRITETIME(note) AS wt_note,"
              + " TTL(note) AS ttl_note FROM %s.%s");

  @TempDir Path dir;

  private CqlSession session;
  private String from;
  private String to;

  @AfterEach
  void dropKeyspaces() {
    if (session != null) {
      session.execute(schema("DROP KEYSPACE IF EXISTS " + from));
      session.execute(schema("DROP KEYSPACE IF EXISTS " + to));
    }
  }

  @Test
  void should_copy_every_table_of_the_keyspace_and_resume_each_split_into_its_table(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    this.session = session;
    this.from = keyspace.name() + "_src";
    this.to = keyspace.name() + "_whole";
    createSource(keyspace.localDatacenter());
    Path job = writeJob(keyspace);

    StringWriter out = new StringWriter();
    int exit = SluiceSpark.run(sparkConf(), new PrintWriter(out, true), "migrate", job.toString());

    assertThat(exit).as(out.toString()).isEqualTo(ExitCodes.OK);
    assertThat(out.toString())
        .contains("keyspace " + to + " (3 tables)")
        .contains("Not copied")
        .contains("visits");
    assertCopied();
    assertReport();
    session.refreshSchema();
    assertThat(session.getMetadata().getKeyspace(to).orElseThrow().getTables().keySet())
        .extracting(id -> id.asInternal())
        .as("the counter table is not created")
        .containsExactlyInAnyOrder("profiles", "readings", "orders_copy");

    // As a driver killed before these splits' tasks ran leaves them: readings' target emptied and
    // every one of its splits not started, and one split of orders not started either.
    session.execute(schema("TRUNCATE " + to + ".readings"));
    FolderSplits splits = new FolderSplits(dir.resolve("state-whole"));
    List<String> readingsSplits = new ArrayList<>();
    String ordersSplit = null;
    for (Map.Entry<String, Checkpoint> saved : splits.splitCheckpoints().entrySet()) {
      String id = saved.getKey();
      if (id.startsWith("readings#")) {
        readingsSplits.add(id);
        notStarted(splits.checkpoint(id), id, saved.getValue());
      } else if (ordersSplit == null
          && id.startsWith("orders#")
          && saved.getValue().counts().rowsWritten() > 0) {
        ordersSplit = id;
        notStarted(splits.checkpoint(id), id, saved.getValue());
      }
    }
    assertThat(readingsSplits).isNotEmpty();
    assertThat(ordersSplit).isNotNull();

    StringWriter again = new StringWriter();
    int resumed =
        SluiceSpark.run(sparkConf(), new PrintWriter(again, true), "migrate", job.toString());

    assertThat(resumed).as(again.toString()).isEqualTo(ExitCodes.OK);
    assertThat(again.toString())
        .contains("Resuming job whole")
        .contains("(" + (readingsSplits.size() + 1) + " to run as Spark tasks)");
    assertCopied();
    assertReport();

    assertThatThrownBy(
            () -> SparkWorkflow.validation(ValidationSpec.checkOnly()).tables(JobFiles.load(job)))
        .as("validate on Spark takes a job of one table")
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("validate checks a job of one table")
        .hasMessageContaining("3 tables");
  }

  /** Saves the split's checkpoint as the driver saves it before the split's task first runs. */
  private static void notStarted(CheckpointStore store, String id, Checkpoint saved) {
    SplitCheckpoint split = saved.splits().get(id);
    store.save(
        new Checkpoint(
            Checkpoint.CURRENT_VERSION,
            saved.fingerprint(),
            Map.of(
                id,
                new SplitCheckpoint(split.resource(), split.start(), split.end(), null, 0L, false)),
            saved.resources(),
            Counts.ZERO,
            0,
            0,
            0,
            Instant.now(),
            null));
  }

  private void assertCopied() {
    assertSame("profiles", "profiles", PROFILES);
    assertSame("readings", "readings", DEVICES * READINGS_PER_DEVICE);
    assertSame("orders", "orders_copy", ORDERS);
  }

  /** The target table holds the source table's rows, cell for cell, with their write times. */
  private void assertSame(String table, String copy, int rows) {
    List<String> source = rows(String.format(SELECTS.get(table), from, table));
    List<String> target = rows(String.format(SELECTS.get(table), to, copy));
    assertThat(source).hasSize(rows);
    assertThat(target).as("%s.%s against %s.%s", to, copy, from, table).isEqualTo(source);
  }

  /**
   * Each row as its values, sorted; a TTL as whether there is one, since what remains of it shrinks
   * between the two reads.
   */
  private List<String> rows(String cql) {
    TreeSet<String> rows = new TreeSet<>();
    for (Row row : session.execute(cql)) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
        String name = row.getColumnDefinitions().get(i).getName().asInternal();
        Object value = row.getObject(i);
        if (value instanceof UdtValue udt) {
          // Its own type differs by keyspace: compare what it holds.
          value = udt.getFormattedContents();
        }
        text.append(name).append('=');
        text.append(name.startsWith("ttl_") ? (value == null ? "none" : "some") : value);
        text.append(' ');
      }
      rows.add(text.toString());
    }
    return List.copyOf(rows);
  }

  /** Each table's counts in report.json, which sum to the job's; the counter table not copied. */
  private void assertReport() throws Exception {
    JsonNode report = new ObjectMapper().readTree(dir.resolve("state-whole/report.json").toFile());
    Map<String, JsonNode> tables = new HashMap<>();
    report
        .get("tables")
        .forEach(table -> tables.put(table.get("table").asText(), table.get("counts")));
    assertThat(tables).containsOnlyKeys("profiles", "readings", "orders_copy");
    assertThat(tables.get("profiles").get("rows-written").asLong()).isEqualTo(PROFILES);
    assertThat(tables.get("readings").get("rows-written").asLong())
        .isEqualTo(DEVICES * READINGS_PER_DEVICE);
    assertThat(tables.get("orders_copy").get("rows-written").asLong()).isEqualTo(ORDERS);
    for (String count : List.of("records-read", "rows-written")) {
      long sum = tables.values().stream().mapToLong(counts -> counts.get(count).asLong()).sum();
      assertThat(report.get("counts").get(count).asLong())
          .as("the job's %s is its tables' summed", count)
          .isEqualTo(sum);
    }
    assertThat(report.get("not-copied").toString()).contains("visits").contains("counter");
  }

  private void createSource(String datacenter) {
    session.execute(
        schema(
            "CREATE KEYSPACE "
                + from
                + " WITH replication = {'class': 'NetworkTopologyStrategy', '"
                + datacenter
                + "': 1}"));
    session.execute(schema("CREATE TYPE " + from + ".address (street text, city text)"));
    session.execute(
        schema(
            "CREATE TABLE "
                + from
                + ".profiles (id int PRIMARY KEY, name text, home frozen<address>, tags"
                + " set<text>)"));
    session.execute(
        schema(
            "CREATE TABLE "
                + from
                + ".readings (device text, at int, value double, owner text static,"
                + " PRIMARY KEY (device, at))"));
    session.execute(
        schema("CREATE TABLE " + from + ".orders (id int PRIMARY KEY, total bigint, note text)"));
    session.execute(
        schema("CREATE TABLE " + from + ".visits (page text PRIMARY KEY, hits counter)"));
    session.execute("UPDATE " + from + ".visits SET hits = hits + 3 WHERE page = 'home'");

    PreparedStatement profile =
        session.prepare(
            "INSERT INTO "
                + from
                + ".profiles (id, name, home, tags) VALUES (?, ?, {street: ?, city: ?}, ?)"
                + " USING TIMESTAMP ? AND TTL ?");
    insert(
        PROFILES,
        i ->
            profile.bind(
                i,
                "name " + i,
                i + " Main St",
                i % 2 == 0 ? "Lyon" : "Oslo",
                Set.of("a" + i % 3, "b" + i % 5),
                BASE_MICROS + i,
                i % 3 == 0 ? 86_400 : 0));
    PreparedStatement reading =
        session.prepare(
            "INSERT INTO "
                + from
                + ".readings (device, at, value) VALUES (?, ?, ?) USING TIMESTAMP ?");
    insert(
        DEVICES * READINGS_PER_DEVICE,
        i ->
            reading.bind(
                "device-" + i / READINGS_PER_DEVICE,
                i % READINGS_PER_DEVICE,
                i * 0.5,
                BASE_MICROS + 10 * i));
    PreparedStatement owner =
        session.prepare(
            "INSERT INTO " + from + ".readings (device, owner) VALUES (?, ?) USING TIMESTAMP ?");
    insert(DEVICES, i -> owner.bind("device-" + i, "owner " + i, BASE_MICROS - i));
    PreparedStatement order =
        session.prepare(
            "INSERT INTO "
                + from
                + ".orders (id, total, note) VALUES (?, ?, ?) USING TIMESTAMP ? AND TTL ?");
    insert(
        ORDERS,
        i -> order.bind(i, 100L * i, "order " + i, BASE_MICROS + 3 * i, i % 4 == 0 ? 86_400 : 0));
  }

  /** Writes {@code count} rows, 100 to an unlogged batch. */
  private void insert(int count, IntFunction<BoundStatement> row) {
    for (int start = 0; start < count; start += 100) {
      BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
      for (int i = start; i < Math.min(count, start + 100); i++) {
        batch = batch.add(row.apply(i));
      }
      session.execute(batch.setTimeout(Duration.ofSeconds(30)));
    }
  }

  private Path writeJob(TestKeyspace keyspace) throws Exception {
    String cluster =
        "contact-points: ["
            + keyspace.hostAndPort()
            + "]\n"
            + "  local-datacenter: "
            + keyspace.localDatacenter()
            + "\n";
    String yaml =
        "name: whole\n"
            + "state-dir: state-whole\n"
            + "sources:\n"
            + "  - name: shop\n"
            + "    type: cassandra\n"
            + "    options:\n"
            + "      "
            + cluster.replace("\n  ", "\n      ")
            + "      keyspace: "
            + from
            + "\n"
            + "      tables: [\"*\"]\n"
            + "      fetch-size: 100\n"
            + "target:\n"
            + "  "
            + cluster
            + "  keyspace: "
            + to
            + "\n"
            + "  schema: create\n"
            + "  replication: { "
            + keyspace.localDatacenter()
            + ": 1 }\n"
            + "per-table:\n"
            + "  orders: { table: orders_copy }\n"
            + "max-errors: 0\n";
    return Files.writeString(dir.resolve("whole.yaml"), yaml);
  }

  private static SimpleStatement schema(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
  }

  private static SparkConf sparkConf() {
    return new SparkConf()
        .setMaster("local[2]")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.ui.enabled", "false");
  }
}
