package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mongodump folder of five collections, each with fields of its own and one with damaged
 * documents, becomes five tables in one job ({@code tables: per-collection}): {@code sluice plan}
 * infers each table's mapping and CREATE TABLE, the test applies them as a user would, and one
 * {@code sluice migrate} loads every document into its table, the damaged ones rejected with their
 * file and offset, the report's counts per table adding up to the job's.
 */
@RealCassandra
class DumpFolderTablesIT {

  private static final Instant DUMPED = Instant.parse("2024-06-30T00:00:00Z");
  private static final Instant START = Instant.parse("2024-01-01T08:00:00Z");
  private static final int USERS = 200;
  private static final int ORDERS = 150;
  private static final int ORDER_ITEMS = 120;
  private static final int EVENTS = 100;
  private static final int AUDIT = 40;
  private static final Pattern CREATE_TABLE = Pattern.compile("CREATE TABLE IF NOT EXISTS [^;]*;");

  @TempDir Path dir;

  /** Offsets in orders.bson of the documents damaged after writing. */
  private final List<Long> damaged = new ArrayList<>();

  private final List<ObjectId> userIds = new ArrayList<>();
  private final List<UUID> eventIds = new ArrayList<>();

  @Test
  void should_plan_and_load_one_table_per_collection(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    writeDump(dir.resolve("dump/shop"));
    String sources =
        "  - name: shop\n"
            + "    type: bson\n"
            + "    path: dump/shop\n"
            + "    write-timestamp: "
            + DUMPED
            + "\n"
            + "    options: {tables: per-collection}\n";
    Path planJob = job("shop", keyspace, sources, "");

    SluiceProcess.Ended plan =
        SluiceProcess.run(dir, 300, "plan", planJob.toString(), "--mapping-out", "mappings.yaml");

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.stdout())
        .contains("Job shop: 5 table(s) into keyspace " + keyspace.name())
        .contains("Sampled " + (ORDERS - damaged.size()) + " record(s).");
    List<String> createTables = new ArrayList<>();
    Matcher matcher = CREATE_TABLE.matcher(plan.stdout());
    while (matcher.find()) {
      createTables.add(matcher.group());
    }
    assertThat(createTables)
        .as(plan.toString())
        .extracting(cql -> cql.substring(0, cql.indexOf(" (")))
        .containsExactly(
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".audit_log",
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".events",
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".order_items",
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".orders",
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".users");
    String perTable = perTableBlock(plan.stdout());
    assertThat(perTable)
        .as("the block --mapping-out wrote is the one printed")
        .isEqualTo(Files.readString(dir.resolve("mappings.yaml")));
    assertThat(perTable)
        .contains("\n  users:\n    # ")
        .contains("\n  order_items:\n")
        .contains("\n  audit_log:\n")
        .contains("        placed_at: placedAt\n");

    // A job of several tables, one of which has no mapping, is refused before any write.
    String withoutOrders = perTable.replaceAll("(?s)\n  orders:\n.*?(?=\n  [a-z_]+:\n|\\z)", "");
    assertThat(withoutOrders).doesNotContain("\n  orders:").contains("\n  users:");
    for (String cql : createTables) {
      session.execute(cql.substring(0, cql.length() - 1));
    }
    Path partial = job("partial", keyspace, sources, withoutOrders);
    SluiceProcess.Ended refused = SluiceProcess.run(dir, 300, "migrate", partial.toString());
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.ABORTED);
    assertThat(refused.stderr())
        .contains("Table orders has no mapping: give it one under per-table:")
        .contains("sluice plan");
    for (String table : List.of("users", "orders", "order_items", "events", "audit_log")) {
      assertThat(count(session, table)).as("rows in %s after the refusal", table).isZero();
    }

    Path migrateJob = job("shop", keyspace, sources, perTable);
    SluiceProcess.Ended check = SluiceProcess.run(dir, 300, "plan", migrateJob.toString());
    assertThat(check.exitCode()).as(check.toString()).isEqualTo(ExitCodes.OK);
    assertThat(check.stdout())
        .as("each table's mapping is checked on its sample against its table")
        .contains("Mapping into " + keyspace.name() + ".users: " + USERS + " sampled record(s)")
        .contains(
            "Mapping into "
                + keyspace.name()
                + ".orders: "
                + (ORDERS - damaged.size())
                + " sampled record(s) give "
                + (ORDERS - damaged.size())
                + " row(s); 0 filtered, 0 would be rejected.")
        .doesNotContain("per-table:");

    SluiceProcess.Ended migrate =
        SluiceProcess.run(dir, 300, "migrate", migrateJob.toString(), "--max-errors", "10");

    assertThat(migrate.exitCode())
        .as(migrate.toString())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(count(session, "users")).isEqualTo(USERS);
    assertThat(count(session, "orders")).isEqualTo(ORDERS - damaged.size());
    assertThat(count(session, "order_items")).isEqualTo(ORDER_ITEMS);
    assertThat(count(session, "events")).isEqualTo(EVENTS);
    assertThat(count(session, "audit_log")).isEqualTo(AUDIT);
    assertValues(session);
    assertRejects(dir.resolve("state-shop"));
    assertReport(dir.resolve("state-shop"));
  }

  private void assertValues(CqlSession session) {
    Row user =
        session.execute("SELECT * FROM users WHERE id = ?", userIds.get(7).toHexString()).one();
    assertThat(user.getString("email")).isEqualTo("user7@example.com");
    assertThat(user.getInt("age")).isEqualTo(27);
    assertThat(user.getInstant("signed_up")).isEqualTo(START.plusSeconds(7 * 3600));

    Row order = session.execute("SELECT * FROM orders WHERE id = 42").one();
    assertThat(order.getString("user_id")).isEqualTo(userIds.get(42).toHexString());
    assertThat(order.getDouble("total")).isEqualTo(42.5);
    assertThat(order.getList("items", String.class)).containsExactly("sku-42", "sku-43");

    Row item = session.execute("SELECT * FROM order_items WHERE id = 'oi-0099'").one();
    assertThat(item.getLong("order_id")).isEqualTo(10_000_000_099L);
    assertThat(item.getBigDecimal("price")).isEqualTo(new BigDecimal("9.99"));

    Row event = session.execute("SELECT * FROM events WHERE id = ?", eventIds.get(3)).one();
    assertThat(event.getString("kind")).isEqualTo("click");
    assertThat(event.getString("payload")).isEqualTo("{\"page\":\"/p/3\",\"ms\":3}");

    Row audit = session.execute("SELECT * FROM audit_log WHERE id = 'a-012'").one();
    assertThat(audit.getBoolean("ok")).isTrue();
    assertThat(audit.getString("actor")).isEqualTo("admin2");
  }

  private void assertRejects(Path state) throws IOException {
    List<JsonNode> rejects = Rejects.read(state);
    assertThat(rejects)
        .extracting(r -> r.get("offset").asLong())
        .containsExactlyInAnyOrderElementsOf(damaged);
    assertThat(rejects)
        .allSatisfy(
            r -> {
              assertThat(r.get("resource").asText()).isEqualTo("dump/shop/orders.bson");
              assertThat(r.get("source").asText()).isEqualTo("orders");
              assertThat(r.get("stage").asText()).isEqualTo("decode");
              assertThat(r.get("reason").asText()).isNotBlank();
            });
  }

  private void assertReport(Path state) throws IOException {
    JsonNode report = new ObjectMapper().readTree(state.resolve("report.json").toFile());
    JsonNode counts = report.get("counts");
    Rejects.assertCountsAddUp(counts);
    int documents = USERS + ORDERS + ORDER_ITEMS + EVENTS + AUDIT;
    assertThat(counts.get("records-read").asLong()).isEqualTo(documents);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(documents - damaged.size());
    assertThat(counts.get("rejected-decode").asLong()).isEqualTo(damaged.size());

    Map<String, JsonNode> tables = new HashMap<>();
    report.get("tables").forEach(t -> tables.put(t.get("table").asText(), t.get("counts")));
    assertThat(tables).containsOnlyKeys("users", "orders", "order_items", "events", "audit_log");
    assertThat(tables.get("users").get("rows-written").asLong()).isEqualTo(USERS);
    assertThat(tables.get("orders").get("rejected-decode").asLong()).isEqualTo(damaged.size());
    for (String count : List.of("records-read", "rows-written", "rejected-decode")) {
      assertThat(tables.values().stream().mapToLong(t -> t.get(count).asLong()).sum())
          .as("the tables' %s add up to the job's", count)
          .isEqualTo(counts.get(count).asLong());
    }
  }

  /** Five collections, each with fields of its own, as mongodump lays out a database's folder. */
  private void writeDump(Path shop) throws IOException {
    Files.createDirectories(shop);
    try (BsonDumpWriter users = BsonDumpWriter.create(shop.resolve("users.bson"))) {
      for (int i = 0; i < USERS; i++) {
        ObjectId id = new ObjectId(Date.from(START), i);
        userIds.add(id);
        users.write(
            new Document("_id", id)
                .append("name", "User " + i)
                .append("email", "user" + i + "@example.com")
                .append("age", 20 + i % 50)
                .append("signedUp", Date.from(START.plusSeconds(i * 3600L))));
      }
    }
    BsonDumpWriter.writeMetadata(shop, "users");
    writeOrders(shop.resolve("orders.bson"));
    BsonDumpWriter.writeMetadata(shop, "orders");
    // mongodump names the file after the collection; the metadata gives its real name.
    try (BsonDumpWriter items = BsonDumpWriter.create(shop.resolve("orderItems.bson"))) {
      for (int i = 0; i < ORDER_ITEMS; i++) {
        items.write(
            new Document("_id", String.format("oi-%04d", i))
                .append("orderId", 10_000_000_000L + i)
                .append("sku", "sku-" + i)
                .append("qty", 1 + i % 4)
                .append("price", new Decimal128(new BigDecimal("9.99"))));
      }
    }
    BsonDumpWriter.writeMetadata(shop, "orderItems");
    try (BsonDumpWriter events = BsonDumpWriter.create(shop.resolve("events.bson.gz"))) {
      for (int i = 0; i < EVENTS; i++) {
        UUID id = UUID.nameUUIDFromBytes(("event " + i).getBytes(StandardCharsets.UTF_8));
        eventIds.add(id);
        events.write(
            new Document("_id", id)
                .append("kind", i % 2 == 0 ? "view" : "click")
                .append("at", Date.from(START.plusMillis(i * 1500L)))
                .append("payload", new Document("page", "/p/" + i).append("ms", i)));
      }
    }
    try (BsonDumpWriter audit = BsonDumpWriter.create(shop.resolve("audit.log.bson"))) {
      for (int i = 0; i < AUDIT; i++) {
        audit.write(
            new Document("_id", String.format("a-%03d", i))
                .append("actor", "admin" + i % 5)
                .append("ok", i % 3 == 0));
      }
    }
    BsonDumpWriter.writeMetadata(shop, "audit.log");
  }

  /** Orders, three of them damaged after writing (their length prefixes left sound). */
  private void writeOrders(Path file) throws IOException {
    List<Long> offsets = new ArrayList<>();
    try (BsonDumpWriter orders = BsonDumpWriter.create(file)) {
      for (int i = 0; i < ORDERS; i++) {
        offsets.add(
            orders.write(
                new Document("_id", i)
                    .append("userId", userIds.get(i).toHexString())
                    .append("total", i + 0.5)
                    .append("items", List.of("sku-" + i, "sku-" + (i + 1)))
                    .append("placedAt", Date.from(START.plusSeconds(i * 60L)))
                    .append("status", "STATUS" + i)));
      }
    }
    byte[] bytes = Files.readAllBytes(file);
    // Invalid UTF-8 in a string; a type byte no BSON has; a document that does not end in 0.
    damaged.add(corrupt(bytes, offsets.get(10), "STATUS10", (byte) 0xC3));
    damaged.add(corrupt(bytes, offsets.get(60), "\u0001total\u0000", (byte) 0x77));
    long end = offsets.get(110) + length(bytes, offsets.get(110)) - 1;
    bytes[(int) end] = 0x05;
    damaged.add(offsets.get(110));
    Files.write(file, bytes);
  }

  private static long corrupt(byte[] file, long start, String marker, byte value) {
    byte[] needle = marker.getBytes(StandardCharsets.UTF_8);
    int end = (int) (start + length(file, start));
    for (int i = (int) start; i < end - needle.length; i++) {
      if (Arrays.equals(file, i, i + needle.length, needle, 0, needle.length)) {
        file[i] = value;
        return start;
      }
    }
    throw new IllegalStateException("marker not found: " + marker);
  }

  private static int length(byte[] file, long start) {
    int at = (int) start;
    return (file[at] & 0xFF)
        | (file[at + 1] & 0xFF) << 8
        | (file[at + 2] & 0xFF) << 16
        | (file[at + 3] & 0xFF) << 24;
  }

  /** The {@code per-table:} block plan printed, up to the blank line that ends it. */
  private static String perTableBlock(String stdout) {
    int start = stdout.indexOf("\nper-table:\n");
    assertThat(start).as(stdout).isNotNegative();
    int end = stdout.indexOf("\n\n", start + 1);
    return stdout.substring(start + 1, end + 1);
  }

  /** A job of the test keyspace whose target names the keyspace only. */
  private Path job(String name, TestKeyspace keyspace, String sources, String rest)
      throws IOException {
    return JobFile.write(dir, name, keyspace, null, sources, rest);
  }

  private static long count(CqlSession session, String table) {
    return session.execute("SELECT count(*) FROM " + table).one().getLong(0);
  }
}
