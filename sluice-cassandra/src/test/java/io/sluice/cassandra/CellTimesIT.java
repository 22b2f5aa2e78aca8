package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.value.DurationValue;
import io.sluice.testinfra.MemorySource;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records that carry each cell's write time and TTL, as a table source reads them, go through the
 * real pipeline into a real table: every cell is written at its own time and expires with its own
 * TTL, cells sharing both go in one insert, and a newer cell already in the target is not
 * overwritten by an older copy.
 */
@RealCassandra
class CellTimesIT {

  /** When the cells of this test were read from their source. */
  private static final long READ_AT = System.currentTimeMillis();

  private static final long OLD = 1_600_000_000_000_000L;
  private static final long NEW = 1_700_000_000_000_000L;

  /** A cell read 200 s ago with a minute left to live. */
  private static final CellTime EXPIRED_SINCE_THE_READ = CellTime.read(NEW, 60, READ_AT - 200_000);

  private static final int RECORDS = 50;

  @TempDir Path dir;

  @Test
  void should_write_each_cell_at_its_own_time_and_ttl(CqlSession session, TestKeyspace keyspace) {
    session.execute("CREATE TABLE people (id text PRIMARY KEY, name text, city text, note text)");
    // A live write the copy must not overwrite: newer than the source's cell.
    session.execute(
        "INSERT INTO people (id, city) VALUES ('p7', 'Lisbon') USING TIMESTAMP " + (NEW + 1));
    List<SourceItem> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("id", "p" + i);
      fields.put("name", "Person " + i);
      fields.put("city", "City " + i);
      fields.put("note", "note " + i);
      records.add(
          new Record(
              new SourcePosition("people", i, "p" + i),
              fields,
              10,
              i + 1,
              Map.of(
                  "name",
                  CellTime.read(OLD, 0, READ_AT),
                  "city",
                  CellTime.read(NEW, 0, READ_AT),
                  "note",
                  i == 5
                      ? EXPIRED_SINCE_THE_READ
                      : CellTime.read(NEW, 86_400, READ_AT - 1_000_000))));
    }

    long runStartSecond = System.currentTimeMillis() / 1000;
    RunReport report;
    try (CassandraTarget target = CassandraTarget.connect(targetSpec(keyspace), dir);
        JobRun migration =
            Migration.prepare(
                job(keyspace),
                target,
                List.of(new MemorySource("table", records)),
                Clock.systemUTC(),
                true)) {
      report = migration.run();
    }

    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(RECORDS);
    Row row =
        session
            .execute(
                "SELECT name, writetime(name), writetime(city), writetime(note), ttl(name),"
                    + " ttl(note) FROM people WHERE id = 'p3'")
            .one();
    assertThat(row.getString("name")).isEqualTo("Person 3");
    assertThat(row.getLong(1)).isEqualTo(OLD);
    assertThat(row.getLong(2)).isEqualTo(NEW);
    assertThat(row.getLong(3)).isEqualTo(NEW);
    assertThat(row.isNull(4)).as("a cell without TTL keeps none").isTrue();
    // The node counts a TTL from when the write arrives: on a busy machine, seconds after the
    // sink made it, by which time the copy outlives the source. It made it after the run began.
    long expiresAt = READ_AT / 1000 - 1_000 + 86_400;
    assertThat(row.getInt(5))
        .as("read 1,000 s ago with a day left: the copy expires when the source does")
        .isBetween(
            (int) (expiresAt - System.currentTimeMillis() / 1000) - 2,
            (int) (expiresAt - runStartSecond) + 1);
    assertThat(
            session.execute("SELECT name, note FROM people WHERE id = 'p5'").one().isNull("note"))
        .as("a cell expired between the read and the write is not written")
        .isTrue();
    Row live = session.execute("SELECT city, writetime(city) FROM people WHERE id = 'p7'").one();
    assertThat(live.getString("city")).isEqualTo("Lisbon");
    assertThat(live.getLong(1)).isEqualTo(NEW + 1);
  }

  /** A duration and a vector are single cells: each at its own write time, with its own TTL. */
  @Test
  void should_write_durations_and_vectors_at_their_own_time_and_ttl(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE spans (id text PRIMARY KEY, span duration, v vector<float, 2>)");
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("id", "s1");
    fields.put("span", new DurationValue(-1, -2, -3));
    fields.put("v", List.of(0.5, -0.0));
    List<SourceItem> records =
        List.of(
            new Record(
                new SourcePosition("spans", 0, "s1"),
                fields,
                10,
                1,
                Map.of(
                    "span", CellTime.read(OLD, 0, READ_AT),
                    "v", CellTime.read(NEW, 86_400, READ_AT))));
    TargetSpec target =
        MemoryJobs.target(
            keyspace.hostAndPort(), keyspace.localDatacenter(), keyspace.name(), "spans");
    JobSpec job =
        MemoryJobs.job(
            "spans",
            target,
            List.of("id", "span", "v"),
            new FlowSpec(1, 16, null, null, null, null, null, null, null, null),
            dir);

    RunReport report;
    try (CassandraTarget connected = CassandraTarget.connect(target, dir);
        JobRun migration =
            Migration.prepare(
                job,
                connected,
                List.of(new MemorySource("table", records)),
                Clock.systemUTC(),
                true)) {
      report = migration.run();
    }

    assertThat(report.counts().rowsWritten()).as(report.toText()).isEqualTo(1);
    Row row =
        session
            .execute(
                "SELECT span, v, writetime(span), writetime(v), ttl(span), ttl(v) FROM spans"
                    + " WHERE id = 's1'")
            .one();
    assertThat(row.getObject(0)).isEqualTo(CqlDuration.newInstance(-1, -2, -3));
    assertThat(row.getObject(1)).isEqualTo(CqlVector.newInstance(0.5f, -0.0f));
    assertThat(row.getLong(2)).isEqualTo(OLD);
    assertThat(row.getLong(3)).isEqualTo(NEW);
    assertThat(row.isNull(4)).isTrue();
    assertThat(row.getInt(5)).isBetween(86_000, 86_400);
  }

  private static TargetSpec targetSpec(TestKeyspace keyspace) {
    return MemoryJobs.target(
        keyspace.hostAndPort(), keyspace.localDatacenter(), keyspace.name(), "people");
  }

  private JobSpec job(TestKeyspace keyspace) {
    return MemoryJobs.job(
        "cells",
        targetSpec(keyspace),
        List.of("id", "name", "city", "note"),
        new FlowSpec(1, 16, null, null, null, null, null, null, null, null),
        dir);
  }
}
