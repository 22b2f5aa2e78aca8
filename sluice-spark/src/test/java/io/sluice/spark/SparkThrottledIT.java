package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request-limited node of the CLI's {@code ThrottledTargetIT} (a node of its own that refuses
 * requests above a global rate as overloaded), loaded by four Spark tasks at once: sharing the
 * job's one flow budget they hold near the node's limit with few refusals; each adapting by itself,
 * as other Spark tools do, they are refused far more.
 *
 * <p>The bands are wide on purpose: over a run of some 16 s, how close the adaptive rate settles to
 * the limit depends on when the machine lets each task send. Both runs' figures are printed, for
 * the goal of issue 16 (at least 0.9 of the limit with under 2% refused), which is read from them,
 * not asserted.
 */
@RealCassandra
class SparkThrottledIT {

  private static final int LIMIT = 1_000;
  private static final int DOCUMENTS = 16_000;

  @TempDir static Path dir;
  private static String contactPoint;

  @BeforeAll
  static void startThrottledNode(OwnNode own) throws Exception {
    InetSocketAddress address = own.start(TestNodes.requestLimited(LIMIT).build());
    contactPoint = "127.0.0.1:" + address.getPort();
    try (CqlSession session = TestSessions.connect(address, "datacenter1")) {
      session.execute(
          "CREATE KEYSPACE throttled WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE throttled.people (id text PRIMARY KEY, n int, name text)");
    }
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        writer.write(
            new Document("_id", String.format("p%06d", i))
                .append("n", i)
                .append("name", "person " + i));
      }
    }
  }

  private static JsonNode migrate(String name, String budget) throws Exception {
    String yaml =
        "name: "
            + name
            + "\nstate-dir: state-"
            + name
            + "\nsources:\n  - type: bson\n    path: people.bson\n"
            + "    options: {split-size: 64KiB}\n"
            + "target:\n  contact-points: ["
            + contactPoint
            + "]\n  local-datacenter: datacenter1\n  keyspace: throttled\n  table: people\n"
            + "mapping:\n  columns:\n    id: _id\n    n: n\n    name: name\n"
            + "max-errors: 100%\n";
    Path job = dir.resolve(name + ".yaml");
    Files.writeString(job, yaml);
    StringWriter out = new StringWriter();
    int exit =
        SluiceSpark.run(
            SparkMigrationIT.sparkConf(),
            new PrintWriter(out, true),
            "migrate",
            job.toString(),
            "--fresh",
            "--budget",
            budget);
    assertThat(exit).as(out.toString()).isIn(ExitCodes.OK, ExitCodes.COMPLETED_WITH_ERRORS);
    return new ObjectMapper()
        .readTree(dir.resolve("state-" + name).resolve("report.json").toFile());
  }

  @Test
  void should_hold_near_the_limit_with_few_refusals_when_tasks_share_the_budget() throws Exception {
    JsonNode shared = migrate("shared", "job");
    JsonNode alone = migrate("alone", "task");

    System.out.printf(
        "SparkThrottledIT: limit %d/s; shared budget %s; each task alone %s%n",
        LIMIT, shared.get("flow"), alone.get("flow"));
    JsonNode counts = shared.get("counts");
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-failed").asLong()).isZero();
    double held = shared.get("flow").get("mean-rate-limit").asDouble();
    assertThat(held)
        .as("mean held request rate against a limit of %d: %s", LIMIT, shared.get("flow"))
        .isBetween(0.6 * LIMIT, 1.3 * LIMIT);
    // Runs have given 0.5 to 3.4 % shared against 8.7 to 17 % alone (an idle run: 3.4 %, its
    // cause not found yet); the comparison below is what tells a shared budget from none.
    double sharedRefused = refusedShare(shared.get("flow"));
    assertThat(sharedRefused).as("shared budget: %s", shared.get("flow")).isLessThan(0.05);
    // Four tasks each taking the whole limit are refused more often than tasks sharing it. How
    // much more depends on how fast the machine lets them send: 8.7 to 17 % on an idle machine,
    // 6.1 % against 3.1 % shared beside other builds. A budget not shared fails the bound above.
    assertThat(refusedShare(alone.get("flow")))
        .as("each task alone: %s", alone.get("flow"))
        .isGreaterThan(sharedRefused);
  }

  private static double refusedShare(JsonNode flow) {
    double refused = flow.get("overloaded").asLong();
    double all = flow.get("requests").asLong() + refused + flow.get("struggling").asLong();
    return refused / all;
  }
}
