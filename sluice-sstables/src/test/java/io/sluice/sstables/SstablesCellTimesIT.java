package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.core.job.ErrorThreshold;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Migration;
import io.sluice.core.run.Outcome;
import io.sluice.core.run.RunReport;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.Targets;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.SourceSpec;
import io.sluice.testinfra.MemorySource;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records whose cells carry their own write times and TTLs, as a table source reads them, written
 * as SSTables and streamed: every cell keeps its own time and TTL, and a newer value the
 * application wrote meanwhile is not overwritten by the older copy.
 */
@RealCassandra
class SstablesCellTimesIT {

  private static final long OLD = 1_600_000_000_000_000L;
  private static final long NEW = 1_700_000_000_000_000L;
  private static final int RECORDS = 40;

  @TempDir Path dir;

  @Test
  void should_keep_each_cell_time_and_ttl_through_the_files(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TABLE cells (id text PRIMARY KEY, name text, city text, note text)");
    session.execute(
        "INSERT INTO cells (id, city) VALUES ('p7', 'Lisbon') USING TIMESTAMP " + (NEW + 1));
    List<SourceItem> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("id", "p" + i);
      fields.put("name", "Person " + i);
      fields.put("city", "City " + i);
      fields.put("note", "note " + i);
      records.add(
          new Record(
              new SourcePosition("cells", i, "p" + i),
              fields,
              10,
              i + 1,
              Map.of(
                  "name", new CellTime(OLD, 0),
                  "city", new CellTime(NEW, 0),
                  "note", new CellTime(NEW, 86_400))));
    }
    JobSpec job = job(keyspace);

    RunReport report;
    try (Target target = Targets.connect(job.target(), dir);
        JobRun migration =
            Migration.prepare(
                job,
                target,
                List.of(new MemorySource("table", records)),
                Clock.systemUTC(),
                true)) {
      report = migration.run();
    }
    List<String> dataFiles = DataFiles.namesUnder(dir.resolve("files/segments"));
    assertThat(dataFiles)
        .as("Cassandra 5.0's format, files named by unique identifiers, not numbers")
        .isNotEmpty()
        .allSatisfy(name -> assertThat(name).matches("oa-[0-9a-z]{4}_[0-9a-z_]+-big-Data\\.db"));
    SstableStream.run(job, new PrintWriter(new StringWriter(), true));

    assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(report.counts().rowsWritten()).isEqualTo(RECORDS);
    assertThat(session.execute("SELECT count(*) FROM cells").one().getLong(0)).isEqualTo(RECORDS);
    Row row =
        session
            .execute(
                "SELECT name, writetime(name), writetime(city), writetime(note), ttl(name),"
                    + " ttl(note) FROM cells WHERE id = 'p3'")
            .one();
    assertThat(row.getString("name")).isEqualTo("Person 3");
    assertThat(row.getLong(1)).isEqualTo(OLD);
    assertThat(row.getLong(2)).isEqualTo(NEW);
    assertThat(row.getLong(3)).isEqualTo(NEW);
    assertThat(row.isNull(4)).as("a cell without TTL keeps none").isTrue();
    assertThat(row.getInt(5)).isBetween(86_000, 86_400);
    Row live = session.execute("SELECT city, writetime(city) FROM cells WHERE id = 'p7'").one();
    assertThat(live.getString("city")).isEqualTo("Lisbon");
    assertThat(live.getLong(1)).isEqualTo(NEW + 1);
  }

  private JobSpec job(TestKeyspace keyspace) {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    for (String column : List.of("id", "name", "city", "note")) {
      columns.put(column, ColumnSpec.ofField(column));
    }
    TargetSpec target =
        new TargetSpec(
            "sstables",
            List.of(keyspace.hostAndPort()),
            keyspace.localDatacenter(),
            keyspace.name(),
            "cells",
            null,
            null,
            null,
            "ONE",
            null,
            null,
            Map.of("directory", "files"));
    return new JobSpec(
        "cells",
        List.of(new SourceSpec("table", "memory", List.of("mem"), null, null, Map.of())),
        target,
        MappingSpec.of(columns),
        new FlowSpec(1, 16, null, null, null, null, null, null, null, null),
        ErrorThreshold.parse("0"),
        dir.resolve("state"),
        dir,
        null);
  }
}
