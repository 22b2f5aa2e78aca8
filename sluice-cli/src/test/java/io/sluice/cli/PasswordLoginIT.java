package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.core.count.Count;
import io.sluice.core.run.WorkflowKind;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.metrics.MetricNames;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.LogWatch;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster that requires a login ({@code PasswordAuthenticator}): plan, a migration killed and
 * resumed, and a validation all work with the password read from a file, and the password appears
 * in nothing they write or print. A wrong password, or none, is refused with one sentence that
 * names the settings to check. Runs its own node, since the shared one allows every client.
 */
@RealCassandra
class PasswordLoginIT {

  private static final String PASSWORD = "Sl-9xQ!correct-horse-42";
  private static final int DOCUMENTS = 30_000;
  private static final int LOADED = DOCUMENTS - 2 * DOCUMENTS / 1_000;
  private static final Pattern METRICS_AT =
      Pattern.compile("Metrics for Prometheus on (http://127\\.0\\.0\\.1:[0-9]+/metrics)");
  private static final Pattern ROWS_WRITTEN =
      Pattern.compile("(?m)^sluice_rows_written_total\\{[^}]*\\} ([0-9.E]+)$");
  private static final Pattern DOCUMENT_ID = Pattern.compile("\\bp[1-9][0-9]{2,}\\b");

  @TempDir static Path dir;
  private static InetSocketAddress contactPoint;

  @BeforeAll
  static void startNodeWithLogins(OwnNode own) throws Exception {
    contactPoint =
        own.start(
            TestNodes.options()
                .cassandraYaml("authenticator", "PasswordAuthenticator")
                // Cassandra waits 10 s before creating the default superuser, for peers to join.
                .systemProperty("cassandra.superuser_setup_delay_ms", "0")
                .build());
    // The default superuser is created a moment after the node starts answering.
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
        // And every thousandth has a text n, a reject whose reason quotes the value: it is kept
        // in the reject file, never in a report, a timeline or a metric.
        writer.write(document.append("n", i % 1_000 == 500 ? (Object) ("p" + i) : (Object) i));
      }
    }
    Files.writeString(dir.resolve("loader.password"), PASSWORD + "\n");
    Files.writeString(dir.resolve("wrong.password"), "not-the-password\n");
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

      // The killed run goes slower than the job says, long enough to be scraped twice.
      SluiceProcess killed =
          SluiceProcess.start(
              dir, "migrate", job.toString(), "--rows-per-second", "2000", "--metrics-port", "0");
      printed.addAll(scrapesWhileRowsMove(killed));
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
        .isEqualTo(LOADED);
    var checked = CliRun.report(dir.resolve("state-secret/validate"));
    assertThat(checked.get("rows-checked").asLong()).isEqualTo(LOADED);
    assertThat(checked.has("rows-written")).as("a validation reports no rows written").isFalse();
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
        .anyMatch(p -> p.endsWith("report.json"))
        .anyMatch(p -> p.endsWith("report.html"))
        .anyMatch(p -> p.endsWith("timeline.jsonl"));
    for (Path file : written) {
      assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1))
          .as(file.toString())
          .doesNotContain(PASSWORD);
    }
    // Nor a row's values: the reject file quotes the text values (p500...), but no document id or
    // value (p100 and up) is in the reports, timelines or metrics.
    assertThat(Files.readString(dir.resolve("state-secret/rejects.jsonl")))
        .contains("(value \\\"p500\\\")");
    List<String> overviews = new ArrayList<>(printed.subList(1, 3));
    for (Path file : written) {
      String name = file.getFileName().toString();
      if (name.startsWith("report.") || name.equals("timeline.jsonl")) {
        overviews.add(Files.readString(file));
      }
    }
    assertThat(overviews)
        .hasSizeGreaterThanOrEqualTo(2 + 6)
        .noneMatch(text -> DOCUMENT_ID.matcher(text).find());
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

  /**
   * Scrapes the running job's metrics until its written rows have moved between two scrapes, and
   * returns both scrapes.
   */
  private static List<String> scrapesWhileRowsMove(SluiceProcess running) {
    AtomicReference<URI> endpoint = new AtomicReference<>();
    Await.until(
        "the run to say where its metrics are",
        Duration.ofMinutes(2),
        () -> {
          Matcher said = METRICS_AT.matcher(running.output());
          if (said.find()) {
            endpoint.set(URI.create(said.group(1)));
          }
          return endpoint.get() != null || !running.isAlive();
        },
        running::output);
    assertThat(endpoint.get()).as(running.output()).isNotNull();
    List<String> scrapes = new ArrayList<>();
    Await.until(
        "two scrapes with different rows written",
        Duration.ofMinutes(2),
        () -> {
          String scrape = scrape(endpoint.get());
          if (scrape.isEmpty() || rowsWritten(scrape) <= 0) {
            return false;
          }
          if (!scrapes.isEmpty() && rowsWritten(scrape) > rowsWritten(scrapes.get(0))) {
            scrapes.add(scrape);
            return true;
          }
          scrapes.clear();
          scrapes.add(scrape);
          return false;
        },
        () -> String.join("\n---\n", scrapes) + running.output());
    String last = scrapes.get(1);
    assertThat(last)
        .contains("sluice_records_read_total{sluice_job=\"secret\"}")
        .contains("sluice_work_done_ratio{sluice_job=\"secret\"}")
        .contains("sluice_flow_window_requests{sluice_job=\"secret\"}")
        .containsPattern(
            "sluice_cluster_requests_seconds_count\\{cluster=\"target\",outcome=\"ok\","
                + "request=\"write\",sluice_job=\"secret\"\\} [1-9]");
    // The dashboard in docs/ charts names the run exports (the proxy's own aside, and a
    // validation's own counts, which a migration does not export).
    Matcher charted =
        Pattern.compile("(sluice_[a-z_]+?)(?:_bucket|_count)?[{\\[(]").matcher(readDashboard());
    List<String> names = new ArrayList<>();
    while (charted.find()) {
      names.add(charted.group(1));
    }
    assertThat(names).hasSizeGreaterThan(10);
    for (String name : names) {
      if (!name.startsWith("sluice_proxy_") && !validationOnly().contains(name)) {
        assertThat(last).as("charted metric %s", name).contains(name);
      }
    }
    return scrapes;
  }

  /** The counters only a validation exports, as Prometheus names them. */
  private static Set<String> validationOnly() {
    Set<String> names = new HashSet<>();
    for (Count count : Count.values()) {
      String name = WorkflowKind.VALIDATION.countName(count);
      if (name != null && !name.equals(WorkflowKind.MIGRATION.countName(count))) {
        names.add(MetricNames.count(name) + "_total");
      }
    }
    return names;
  }

  private static String readDashboard() {
    try {
      return Files.readString(Path.of("../docs/grafana-dashboard.json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String scrape(URI endpoint) {
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10)).build(),
                  HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? response.body() : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  private static double rowsWritten(String scrape) {
    Matcher rows = ROWS_WRITTEN.matcher(scrape);
    return rows.find() ? Double.parseDouble(rows.group(1)) : -1;
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
