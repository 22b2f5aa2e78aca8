package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.Await;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job writing SSTables, killed with SIGKILL while it writes and again while {@code sluice stream}
 * loads them, each time run again: the table ends with every row and its values, the counts add up,
 * the segments loaded before the kill are not loaded again, and no file is left behind, half
 * written or loaded.
 */
@RealCassandra
class SstablesKillIT {

  private static final int DOCUMENTS = 60_000;

  @TempDir Path dir;

  private Path job(TestKeyspace keyspace) throws Exception {
    return JobFile.write(
        dir,
        "sst",
        keyspace,
        "people_sst",
        "  type: sstables\n  options: {directory: sstables, segment-rows: 10000, throttle-mib: 1, stream-batch-mib: 1}\n",
        "  - type: bson\n    path: people.bson\n    options: {split-size: 512KiB}\n",
        "mapping:\n  columns:\n    id: _id\n    n: n\n    name: name\n"
            + "flow: { workers: 2, rows-per-second: 6000 }\nmax-errors: 0\n");
  }

  @Test
  void should_end_with_every_row_once_and_no_file_left_after_kills(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE people_sst (id text PRIMARY KEY, n int, name text)");
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        writer.write(
            new Document("_id", String.format("p%06d", i))
                .append("n", i)
                .append("name", "person number " + i));
      }
    }
    Path job = job(keyspace);
    CliRun plan = CliRun.of("plan", job.toString());
    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(plan.out())
        .contains("Target: SSTables of " + keyspace.name() + ".people_sst")
        .contains("into datacenter(s) [datacenter1] only")
        .contains("The files will take about");
    Path home = dir.resolve("home");
    int killedMidway = 0;
    for (int kill = 0; kill < 3; kill++) {
      SluiceProcess sluice = SluiceProcess.startWithHome(dir, home, "migrate", job.toString());
      if (sluice.awaitSaves(dir.resolve("state-sst/checkpoint.json"), 1 + kill % 2)
          && sluice.isAlive()) {
        sluice.kill();
        killedMidway++;
      }
    }
    SluiceProcess migrate =
        SluiceProcess.startWithHome(
            dir, home, "migrate", job.toString(), "--rows-per-second", "1000000");
    assertThat(migrate.waitFor(600)).as(migrate.output()).isEqualTo(ExitCodes.OK);
    assertThat(killedMidway).isGreaterThanOrEqualTo(2);
    // A killed Sluice's writer process sees its input end and goes too.
    Await.until(
        "the killed runs' SSTable writers to end",
        Duration.ofMinutes(1),
        () -> processesRunning("SstableWriterMain") == 0);
    JsonNode counts = CliRun.report(dir.resolve("state-sst"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(DOCUMENTS);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(DOCUMENTS);
    List<Path> segments = segments();
    assertThat(segments)
        .as("every segment left is complete: the killed runs' half-written ones are gone")
        .isNotEmpty()
        .allSatisfy(segment -> assertThat(segment.resolve("COMPLETE")).exists());

    SluiceProcess stream = SluiceProcess.startWithHome(dir, home, "stream", job.toString());
    Await.until(
        "a first segment loaded",
        Duration.ofMinutes(5),
        () -> loadedMarkers() > 0 || !stream.isAlive());
    stream.kill();
    long loadedBeforeKill = loadedMarkers() + (segments.size() - segments().size());
    assertThat(loadedBeforeKill).isLessThan(segments.size());

    CliRun again = CliRun.of("stream", job.toString());

    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.OK);
    assertThat(again.out())
        .contains(
            "Streamed "
                + segments.size()
                + " segment(s) into [datacenter1]: "
                + (segments.size() - loadedBeforeKill)
                + " load(s) by this run");
    assertThat(segments()).as("no segment is left for a person to delete").isEmpty();
    Await.until(
        "the killed stream's loader to end",
        Duration.ofMinutes(1),
        () -> processesRunning("SstableLoaderMain") == 0);
    assertThat(dir.resolve("sstables/staging")).doesNotExist();
    Map<Integer, String> rows = new HashMap<>();
    for (Row row :
        session.execute(
            SimpleStatement.newInstance("SELECT id, n, name FROM people_sst").setPageSize(5_000))) {
      assertThat(row.getString("id")).isEqualTo(String.format("p%06d", row.getInt("n")));
      rows.put(row.getInt("n"), row.getString("name"));
    }
    assertThat(rows).hasSize(DOCUMENTS);
    assertThat(rows.get(DOCUMENTS - 1)).isEqualTo("person number " + (DOCUMENTS - 1));
  }

  private List<Path> segments() throws Exception {
    Path root = dir.resolve("sstables/segments");
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> splits = Files.list(root)) {
      return splits
          .flatMap(
              split -> {
                try (Stream<Path> inSplit = Files.list(split)) {
                  return inSplit.toList().stream();
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .toList();
    }
  }

  private static long processesRunning(String mainClass) {
    return ProcessHandle.allProcesses()
        .filter(process -> process.info().commandLine().orElse("").contains(mainClass))
        .count();
  }

  private long loadedMarkers() {
    try {
      return segments().stream()
          .filter(segment -> Files.exists(segment.resolve("LOADED-datacenter1")))
          .count();
    } catch (Exception e) {
      return 0;
    }
  }
}
