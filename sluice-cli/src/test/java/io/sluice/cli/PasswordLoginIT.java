package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.node.LocalNode;
import io.sluice.node.StartResult;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster that requires a login ({@code PasswordAuthenticator}): plan, a migration killed and
 * resumed, and a validation all work with the password read from a file, and the password appears
 * in nothing they write or print. A wrong password, or none, is refused with one sentence that
 * names the settings to check. Runs its own node, since the shared one allows every client.
 */
class PasswordLoginIT {

  private static final String PASSWORD = "Sl-9xQ!correct-horse-42";
  private static final int DOCUMENTS = 30_000;

  @TempDir static Path dir;
  private static LocalNode node;
  private static InetSocketAddress contactPoint;

  @BeforeAll
  static void startNodeWithLogins() throws Exception {
    node = TestNodes.create("login-node-");
    StartResult started =
        node.start(
            TestNodes.options().cassandraYaml("authenticator", "PasswordAuthenticator").build());
    contactPoint = started.status().contactPoint().orElseThrow();
    // The default superuser is created a few seconds after the node starts answering.
    Await.until(
        "the default superuser to log in",
        Duration.ofMinutes(3),
        () -> {
          try (CqlSession ignored = superuser()) {
            return true;
          } catch (RuntimeException e) {
            return false;
          }
        });
    try (CqlSession session = superuser()) {
      session.execute(
          "CREATE ROLE loader WITH PASSWORD = '"
              + PASSWORD
              + "' AND LOGIN = true"
              + " AND SUPERUSER = true");
      session.execute(
          "CREATE KEYSPACE logins WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE logins.people (id text PRIMARY KEY, n int)");
    }
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        // Every thousandth document has no _id: a mapping reject, listed with its position.
        Document document = i % 1_000 == 999 ? new Document() : new Document("_id", "p" + i);
        writer.write(document.append("n", i));
      }
    }
    Files.writeString(dir.resolve("loader.password"), PASSWORD + "\n");
    Files.writeString(dir.resolve("wrong.password"), "not-the-password\n");
  }

  @AfterAll
  static void stopNode() {
    if (node != null) {
      node.stop();
    }
  }

  private static CqlSession superuser() {
    return CqlSession.builder()
        .addContactPoint(contactPoint)
        .withLocalDatacenter("datacenter1")
        .withAuthCredentials("cassandra", "cassandra")
        .withConfigLoader(TestSessions.configLoader())
        .build();
  }

  private static Path job(String name, String login, String flow) throws IOException {
    return JobFile.write(
        dir,
        name,
        new TestKeyspace(List.of(contactPoint), "datacenter1", "logins"),
        "people",
        login,
        "  - type: bson\n    path: people.bson\n",
        "mapping:\n  columns:\n    id: _id\n    n: n\nflow: " + flow + "\nmax-errors: 1%\n");
  }

  @Test
  void should_load_and_validate_with_the_password_and_write_it_nowhere() throws Exception {
    String login = "  username: loader\n  password-file: loader.password\n";
    Path job = job("secret", login, "{ rows-per-second: 5000 }");
    List<String> printed = new ArrayList<>();

    try (LogWatch log = LogWatch.start()) {
      CliRun plan = CliRun.of("plan", job.toString());
      assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
      printed.add(plan.toString());

      SluiceProcess killed = SluiceProcess.start(dir, "migrate", job.toString());
      assertThat(killed.awaitSaves(dir.resolve("state-secret/checkpoint.json"), 1))
          .as(killed.output())
          .isTrue();
      killed.kill();
      CliRun resumed = CliRun.of("migrate", job.toString());
      assertThat(resumed.exitCode())
          .as(resumed.toString())
          .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
      assertThat(resumed.out()).contains("Resuming");
      printed.add(resumed.toString());

      CliRun validate = CliRun.of("validate", job.toString());
      // The records without _id are rejected again; every other row is found equal.
      assertThat(validate.exitCode())
          .as(validate.toString())
          .isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
      printed.add(validate.toString());
      printed.add(log.toString());
    }
    assertThat(CliRun.report(dir.resolve("state-secret")).get("rows-written").asLong())
        .isEqualTo(DOCUMENTS - DOCUMENTS / 1_000);
    var checked = CliRun.report(dir.resolve("state-secret/validate"));
    assertThat(checked.get("rows-written").asLong()).isEqualTo(DOCUMENTS - DOCUMENTS / 1_000);
    assertThat(checked.get("rows-missing").asLong() + checked.get("rows-mismatched").asLong())
        .isZero();

    for (String output : printed) {
      assertThat(output).doesNotContain(PASSWORD);
    }
    List<Path> written = writtenFiles();
    assertThat(written)
        .as("the job's state: checkpoint, rejects, reports, and the killed run's output")
        .anyMatch(p -> p.endsWith("checkpoint.json"))
        .anyMatch(p -> p.endsWith("rejects.jsonl"))
        .anyMatch(p -> p.endsWith("report.json"));
    for (Path file : written) {
      assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1))
          .as(file.toString())
          .doesNotContain(PASSWORD);
    }
  }

  @Test
  void should_refuse_a_wrong_password_in_one_sentence() throws Exception {
    Path job = job("wrong", "  username: loader\n  password-file: wrong.password\n", "{}");

    assertThat(CliRun.refusal(job))
        .contains(
            "Error: The cluster at "
                + contactPoint.getHostString()
                + ":"
                + contactPoint.getPort()
                + " refused the login of user 'loader': the username or the password is wrong"
                + " (check target.username and the password in the file wrong.password).")
        .doesNotContain("not-the-password");
  }

  @Test
  void should_say_that_the_cluster_requires_a_login() throws Exception {
    Path job = job("anonymous", "", "{}");

    assertThat(CliRun.refusal(job))
        .contains("requires a login: set target.username and target.password-env or")
        .contains("target.password-file.");
  }

  /** Every file under the test folder the runs wrote, the password files themselves aside. */
  private static List<Path> writtenFiles() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().endsWith(".password"))
          .toList();
    }
  }
}
