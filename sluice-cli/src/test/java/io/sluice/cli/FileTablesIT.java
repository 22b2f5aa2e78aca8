package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files into several tables in one job, each source naming its table: two CSV files of orders (one
 * with a malformed line) and an NDJSON file of customers, their rows drawn from a seed. {@code
 * sluice plan} infers each table's mapping and CREATE TABLE from its files; the test applies them
 * as a user would, and one {@code sluice migrate} loads every table, the malformed line rejected
 * with its file and line, the report's counts per table adding up to the job's.
 */
@RealCassandra
class FileTablesIT {

  private static final long SEED = 20261128;
  private static final Pattern CREATE_TABLE = Pattern.compile("CREATE TABLE IF NOT EXISTS [^;]*;");

  @TempDir Path dir;

  private final Map<Integer, String> orders = new HashMap<>();
  private final Map<String, Integer> customers = new HashMap<>();

  @Test
  void should_plan_and_load_the_tables_its_sources_name(CqlSession session, TestKeyspace keyspace)
      throws Exception {
    Random random = new Random(SEED);
    int firstOrders = 50 + random.nextInt(100);
    int secondOrders = 50 + random.nextInt(100);
    int customerCount = 30 + random.nextInt(60);
    writeOrders(dir.resolve("orders-1.csv"), 0, firstOrders, random, -1);
    int malformedLine = 2 + random.nextInt(secondOrders);
    writeOrders(dir.resolve("orders-2.csv"), firstOrders, secondOrders, random, malformedLine);
    writeCustomers(dir.resolve("customers.ndjson"), customerCount, random);
    String sources =
        "  - {name: orders-1, type: csv, path: orders-1.csv, table: orders}\n"
            + "  - {name: customers, type: ndjson, path: customers.ndjson, table: customers}\n"
            + "  - {name: orders-2, type: csv, path: orders-2.csv, table: orders}\n";
    Path planJob = job("files", keyspace, sources, "");

    SluiceProcess.Ended plan =
        SluiceProcess.run(dir, 300, "plan", planJob.toString(), "--mapping-out", "mappings.yaml");

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.stdout()).contains("Job files: 2 table(s) into keyspace " + keyspace.name());
    List<String> createTables = new ArrayList<>();
    Matcher matcher = CREATE_TABLE.matcher(plan.stdout());
    while (matcher.find()) {
      createTables.add(matcher.group());
    }
    assertThat(createTables)
        .as(plan.toString())
        .extracting(cql -> cql.substring(0, cql.indexOf(" (")))
        .containsExactlyInAnyOrder(
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".orders",
            "CREATE TABLE IF NOT EXISTS " + keyspace.name() + ".customers");
    for (String cql : createTables) {
      session.execute(cql.substring(0, cql.length() - 1));
    }
    String perTable = Files.readString(dir.resolve("mappings.yaml"));
    assertThat(perTable).startsWith("per-table:\n").contains("\n  orders:\n");

    Path migrateJob = job("files", keyspace, sources, perTable);
    SluiceProcess.Ended migrate =
        SluiceProcess.run(dir, 300, "migrate", migrateJob.toString(), "--max-errors", "5");

    assertThat(migrate.exitCode())
        .as(migrate.toString())
        .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    assertThat(count(session, "orders")).isEqualTo(orders.size());
    assertThat(count(session, "customers")).isEqualTo(customers.size());
    for (Row row : session.execute("SELECT id, item FROM orders")) {
      assertThat(row.getString("item")).isEqualTo(orders.get(row.getInt("id")));
    }
    for (Row row : session.execute("SELECT * FROM customers")) {
      assertThat(row.getInt("visits")).isEqualTo(customers.get(row.getString("email")));
    }
    List<JsonNode> rejects = Rejects.read(dir.resolve("state-files"));
    assertThat(rejects).hasSize(1);
    assertThat(rejects.get(0).get("resource").asText()).isEqualTo("orders-2.csv");
    assertThat(rejects.get(0).get("offset").asLong())
        .as("the byte offset of line %d", malformedLine)
        .isEqualTo(lineOffset(dir.resolve("orders-2.csv"), malformedLine));
    assertThat(rejects.get(0).get("reason").asText()).isNotBlank();
    JsonNode report = new ObjectMapper().readTree(dir.resolve("state-files/report.json").toFile());
    Rejects.assertCountsAddUp(report.get("counts"));
    Map<String, JsonNode> tables = new HashMap<>();
    report.get("tables").forEach(t -> tables.put(t.get("table").asText(), t.get("counts")));
    assertThat(tables).containsOnlyKeys("orders", "customers");
    assertThat(tables.get("orders").get("records-read").asLong())
        .isEqualTo(firstOrders + secondOrders);
    assertThat(tables.get("customers").get("rows-written").asLong()).isEqualTo(customerCount);
  }

  /**
   * Writes {@code count} orders with ids from {@code firstId}; at line {@code malformedLine} (the
   * header is line 1), an order with one field more than the header names.
   */
  private void writeOrders(Path file, int firstId, int count, Random random, int malformedLine)
      throws IOException {
    StringBuilder csv = new StringBuilder("id,item,quantity\n");
    for (int i = 0; i < count; i++) {
      int id = firstId + i;
      String item = "item-" + Integer.toString(random.nextInt(1 << 20), 36);
      boolean malformed = i + 2 == malformedLine;
      csv.append(id)
          .append(',')
          .append(item)
          .append(',')
          .append(1 + random.nextInt(9))
          .append(malformed ? ",an extra field\n" : "\n");
      if (!malformed) {
        orders.put(id, item);
      }
    }
    Files.writeString(file, csv);
  }

  /** Where line {@code line} (the first is 1) of the file starts, in bytes. */
  private static long lineOffset(Path file, int line) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int seen = 1;
    for (int i = 0; i < bytes.length; i++) {
      if (seen == line) {
        return i;
      }
      if (bytes[i] == '\n') {
        seen++;
      }
    }
    throw new IllegalStateException("no line " + line + " in " + file);
  }

  private void writeCustomers(Path file, int count, Random random) throws IOException {
    StringBuilder ndjson = new StringBuilder();
    for (int i = 0; i < count; i++) {
      String email = "c" + i + "." + random.nextInt(1000) + "@example.com";
      int visits = random.nextInt(500);
      customers.put(email, visits);
      ndjson
          .append("{\"email\": \"")
          .append(email)
          .append("\", \"visits\": ")
          .append(visits)
          .append(", \"since\": \"2024-0")
          .append(1 + i % 9)
          .append("-15T10:00:00Z\"}\n");
    }
    Files.writeString(file, ndjson);
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
