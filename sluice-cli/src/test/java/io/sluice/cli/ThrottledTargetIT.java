package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.node.LocalNode;
import io.sluice.node.NodeOptions;
import io.sluice.node.NodePorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An overloaded managed service in miniature: a node of its own that refuses requests above a
 * global rate with {@code OverloadedException}. Sluice's adaptive flow settles near that rate with
 * few refusals; the same load with a fixed window of writes in flight is refused far more often.
 */
class ThrottledTargetIT {

  private static final int LIMIT = 2_000;
  private static final int DOCUMENTS = 40_000;

  @TempDir static Path dir;
  private static LocalNode node;
  private static String contactPoint;

  @BeforeAll
  static void startThrottledNode() throws IOException {
    Path work = Path.of(System.getProperty("sluice.it.work-dir", "target/it-work"));
    Files.createDirectories(work);
    node = new LocalNode(Files.createTempDirectory(work, "throttled-node-"));
    NodeOptions options =
        NodeOptions.builder()
            .pickFreePorts(true)
            .cassandraYaml("native_transport_rate_limiting_enabled", true)
            .cassandraYaml("native_transport_max_requests_per_second", LIMIT)
            .cassandraYaml("native_transport_throw_on_overload", true)
            .build();
    NodePorts ports = node.start(options).status().ports().orElseThrow();
    contactPoint = "127.0.0.1:" + ports.nativePort();
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress("127.0.0.1", ports.nativePort()))
            .withLocalDatacenter("datacenter1")
            .build()) {
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

  @AfterAll
  static void stopNode() {
    if (node != null) {
      node.stop();
    }
  }

  private static JsonNode migrate(String name, String flow) throws IOException {
    String yaml =
        "name: "
            + name
            + "\nstate-dir: state-"
            + name
            + "\nsources:\n  - type: bson\n    path: people.bson\n"
            + "target:\n  contact-points: ["
            + contactPoint
            + "]\n  local-datacenter: datacenter1\n  keyspace: throttled\n  table: people\n"
            + "mapping:\n  columns:\n    id: _id\n    n: n\n    name: name\n"
            + "flow: "
            + flow
            + "\nmax-errors: 100%\n";
    Path job = dir.resolve(name + ".yaml");
    Files.writeString(job, yaml);
    CliRun run = CliRun.of("migrate", job.toString(), "--fresh");
    assertThat(run.exitCode())
        .as(run.toString())
        .isIn(ExitCodes.OK, ExitCodes.COMPLETED_WITH_ERRORS);
    return new ObjectMapper()
        .readTree(dir.resolve("state-" + name).resolve("report.json").toFile());
  }

  @Test
  void should_settle_near_the_allowed_rate_with_few_refusals() throws IOException {
    JsonNode adaptive = migrate("adaptive", "{ workers: 2 }");
    JsonNode fixed =
        migrate("fixed", "{ workers: 2, adaptive: false, max-in-flight: 256, max-retries: 20 }");

    JsonNode counts = adaptive.get("counts");
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-failed").asLong()).isZero();
    double seconds = Duration.parse(adaptive.get("elapsed").asText()).toMillis() / 1000.0;
    double rowsPerSecond = DOCUMENTS / seconds;
    assertThat(rowsPerSecond).as("rows/s against a limit of %d", LIMIT).isGreaterThan(0.9 * LIMIT);
    double adaptiveShare = refusedShare(adaptive.get("flow"));
    assertThat(adaptiveShare).isLessThan(0.02);

    JsonNode fixedCounts = fixed.get("counts");
    assertThat(fixedCounts.get("rows-written").asLong() + fixedCounts.get("rows-failed").asLong())
        .isEqualTo(DOCUMENTS);
    assertThat(refusedShare(fixed.get("flow"))).isGreaterThan(5 * adaptiveShare + 0.05);
  }

  private static double refusedShare(JsonNode flow) {
    double refused = flow.get("overloaded").asLong();
    double all = flow.get("requests").asLong() + refused + flow.get("struggling").asLong();
    return refused / all;
  }
}
