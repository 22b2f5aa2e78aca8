package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.UdtValue;
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
import io.sluice.core.value.DurationValue;
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
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records whose cells carry their own write times and TTLs, as a table source reads them, written
 * as SSTables and streamed: every cell keeps its own time and TTL, and a newer value the
 * application wrote meanwhile is not overwritten by the older copy.
 */
@RealCassandra
class SstablesCellTimesIT {

  /** When the cells of this test were read from their source. */
  private static final long READ_AT = System.currentTimeMillis();

  private static final long OLD = 1_600_000_000_000_000L;
  private static final long NEW = 1_700_000_000_000_000L;

  /** A cell read 200 s ago with a minute left to live. */
  private static final CellTime EXPIRED_SINCE_THE_READ = CellTime.read(NEW, 60, READ_AT - 200_000);

  private static final int RECORDS = 40;
  private static final List<String> ELEMENT_COLUMNS =
      List.of("k", "c", "n", "st", "s", "m", "l", "u");

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
                  "name",
                  CellTime.read(OLD, 0, READ_AT),
                  "city",
                  CellTime.read(NEW, 0, READ_AT),
                  "note",
                  i == 5
                      ? EXPIRED_SINCE_THE_READ
                      : CellTime.read(NEW, 86_400, READ_AT - 1_000_000))));
    }
    JobSpec job = job(keyspace, "cells", "sstables", List.of("id", "name", "city", "note"));

    RunReport report = load(job, records);
    List<String> dataFiles = DataFiles.namesUnder(dir.resolve("cells/segments"));
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
    long leftNow = READ_AT / 1000 - 1_000 + 86_400 - System.currentTimeMillis() / 1000;
    assertThat(row.getInt(5))
        .as("read 1,000 s ago with a day left: the copy expires when the source does")
        .isBetween((int) leftNow - 2, (int) leftNow + 1);
    assertThat(session.execute("SELECT name, note FROM cells WHERE id = 'p5'").one().isNull("note"))
        .as("a cell expired between the read and the write is not written")
        .isTrue();
    Row live = session.execute("SELECT city, writetime(city) FROM cells WHERE id = 'p7'").one();
    assertThat(live.getString("city")).isEqualTo("Lisbon");
    assertThat(live.getLong(1)).isEqualTo(NEW + 1);
  }

  /**
   * A partition's static cells alone, and non-frozen sets, maps, lists and user-defined types whose
   * elements (fields) carry their own times (as a Cassandra 5.0 source gives them), arrive through
   * the files as they do over CQL: the same records written both ways give the same values, write
   * times, element by element and field by field (a list's in its order), and TTLs.
   */
  @Test
  void should_write_static_only_rows_and_each_elements_time_as_over_cql(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TYPE IF NOT EXISTS addr (street text, zip int)");
    String columns =
        " (k text, c int, n int, st text static, s set<text>, m map<text, int>, l list<int>,"
            + " u addr, PRIMARY KEY (k, c))";
    session.execute("CREATE TABLE elements_files" + columns);
    session.execute("CREATE TABLE elements_cql" + columns);
    List<SourceItem> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      String k = "p" + (i % 4);
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("k", k);
      fields.put("c", i);
      fields.put("n", i);
      fields.put("st", "static of " + k);
      // A set as a table source gives it: its elements in order, as an array.
      fields.put("s", List.of("a" + i, "b" + i));
      Map<String, Integer> m = new TreeMap<>(Map.of("x", i, "y", i + 1));
      fields.put("m", m);
      fields.put("l", List.of(i, i + 1, i + 2));
      Map<String, Object> u = new LinkedHashMap<>();
      u.put("street", "street " + i);
      u.put("zip", i);
      fields.put("u", u);
      records.add(
          new Record(
              new SourcePosition("elements", i, k + "/" + i),
              fields,
              10,
              i + 1,
              Map.of(
                  "n", CellTime.read(OLD + i, 0, READ_AT),
                  "st", CellTime.read(OLD, 0, READ_AT),
                  "s",
                      CellTime.read(
                          NEW,
                          86_400,
                          READ_AT,
                          List.of(
                              CellTime.read(OLD, 0, READ_AT), CellTime.read(NEW, 86_400, READ_AT))),
                  "m",
                      CellTime.read(
                          NEW,
                          0,
                          READ_AT,
                          List.of(
                              CellTime.read(NEW, 0, READ_AT), CellTime.read(OLD + i, 0, READ_AT))),
                  "l",
                      CellTime.read(
                          NEW,
                          0,
                          READ_AT,
                          List.of(
                              CellTime.read(OLD, 0, READ_AT),
                              CellTime.read(NEW, 0, READ_AT),
                              CellTime.read(OLD, 0, READ_AT))),
                  "u",
                      CellTime.read(
                          NEW,
                          86_400,
                          READ_AT,
                          List.of(
                              CellTime.read(OLD + i, 0, READ_AT),
                              CellTime.read(NEW, 86_400, READ_AT))))));
    }
    Map<String, Object> alone = new LinkedHashMap<>();
    alone.put("k", "alone");
    alone.put("st", "static only");
    records.add(
        new Record(
            new SourcePosition("elements", RECORDS, "alone"),
            alone,
            10,
            RECORDS + 1,
            Map.of("st", CellTime.read(NEW, 0, READ_AT))));

    RunReport files = load(job(keyspace, "elements_files", "sstables", ELEMENT_COLUMNS), records);
    SstableStream.run(
        job(keyspace, "elements_files", "sstables", ELEMENT_COLUMNS),
        new PrintWriter(new StringWriter(), true));
    RunReport cql = load(job(keyspace, "elements_cql", "cassandra", ELEMENT_COLUMNS), records);

    assertThat(files.outcome()).as(files.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(files.counts().rowsWritten()).isEqualTo(RECORDS + 1);
    assertThat(cql.counts().rowsWritten()).isEqualTo(RECORDS + 1);
    String cells =
        "SELECT k, c, n, st, s, m, l, u, writetime(n), writetime(st), writetime(s),"
            + " writetime(m), writetime(l), writetime(u), ttl(s), ttl(u) FROM ";
    List<String> expected = rows(session.execute(cells + "elements_cql").all());
    assertThat(expected).hasSize(RECORDS + 1);
    assertThat(rows(session.execute(cells + "elements_files").all())).isEqualTo(expected);
    Row one =
        session
            .execute(
                "SELECT writetime(s), ttl(s), writetime(l), l, writetime(u), ttl(u) FROM"
                    + " elements_files WHERE k = 'p1' AND c = 5")
            .one();
    assertThat(one.getList(0, Long.class)).containsExactly(OLD, NEW);
    assertThat(one.getList(1, Integer.class).get(0)).isNull();
    assertThat(one.getList(1, Integer.class).get(1)).isBetween(86_000, 86_400);
    assertThat(one.getList(2, Long.class)).containsExactly(OLD, NEW, OLD);
    assertThat(one.getList(3, Integer.class)).containsExactly(5, 6, 7);
    assertThat(one.getList(4, Long.class)).containsExactly(OLD + 5, NEW);
    assertThat(one.getList(5, Integer.class).get(0)).isNull();
    assertThat(one.getList(5, Integer.class).get(1)).isBetween(86_000, 86_400);
    assertThat(
            session
                .execute("SELECT st, writetime(st) FROM elements_files WHERE k = 'alone'")
                .one()
                .getLong(1))
        .isEqualTo(NEW);
  }

  /**
   * Durations and vectors (of floats, and of text, which Cassandra 5.0 also allows) arrive through
   * the files as over CQL: the same values, each cell at its own write time and with its own TTL.
   */
  @Test
  void should_write_durations_and_vectors_at_their_own_times_as_over_cql(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    String columns =
        " (k text PRIMARY KEY, du duration, ve vector<float, 3>, vt vector<text, 2>, n int)";
    session.execute("CREATE TABLE kinds_files" + columns);
    session.execute("CREATE TABLE kinds_cql" + columns);
    List<SourceItem> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("k", "p" + i);
      fields.put(
          "du",
          i % 2 == 0
              ? new DurationValue(i, 2 * i, i * 3_600_000_000_007L)
              : new DurationValue(-i, 0, -i * 1_000L));
      // As a table source gives a vector of floats: its elements as doubles.
      fields.put("ve", List.of(i / 4.0, -0.0, (double) Float.MAX_VALUE));
      fields.put("vt", List.of("x" + i, "y"));
      fields.put("n", i);
      records.add(
          new Record(
              new SourcePosition("kinds", i, "p" + i),
              fields,
              10,
              i + 1,
              Map.of(
                  "du", CellTime.read(OLD + i, 0, READ_AT),
                  "ve", CellTime.read(NEW + i, 86_400, READ_AT),
                  "vt", CellTime.read(OLD, 0, READ_AT),
                  "n", CellTime.read(NEW, 0, READ_AT))));
    }
    List<String> names = List.of("k", "du", "ve", "vt", "n");

    RunReport files = load(job(keyspace, "kinds_files", "sstables", names), records);
    SstableStream.run(
        job(keyspace, "kinds_files", "sstables", names), new PrintWriter(new StringWriter(), true));
    RunReport cql = load(job(keyspace, "kinds_cql", "cassandra", names), records);

    assertThat(files.outcome()).as(files.toText()).isEqualTo(Outcome.COMPLETED);
    assertThat(files.counts().rowsWritten()).isEqualTo(RECORDS);
    assertThat(cql.counts().rowsWritten()).isEqualTo(RECORDS);
    String cells =
        "SELECT k, du, ve, vt, writetime(du), writetime(ve), writetime(vt), ttl(du) FROM ";
    List<String> expected = new ArrayList<>();
    session.execute(cells + "kinds_cql").forEach(row -> expected.add(row.getFormattedContents()));
    List<String> actual = new ArrayList<>();
    session.execute(cells + "kinds_files").forEach(row -> actual.add(row.getFormattedContents()));
    assertThat(expected).hasSize(RECORDS);
    assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
    Row three =
        session
            .execute(
                "SELECT du, ve, vt, writetime(du), writetime(ve), ttl(du), ttl(ve) FROM kinds_files"
                    + " WHERE k = 'p3'")
            .one();
    assertThat(three.getObject(0)).isEqualTo(CqlDuration.newInstance(-3, 0, -3_000L));
    assertThat(three.getObject(1)).isEqualTo(CqlVector.newInstance(0.75f, -0.0f, Float.MAX_VALUE));
    assertThat(three.getObject(2)).isEqualTo(CqlVector.newInstance("x3", "y"));
    assertThat(three.getLong(3)).isEqualTo(OLD + 3);
    assertThat(three.getLong(4)).isEqualTo(NEW + 3);
    assertThat(three.isNull(5)).as("a cell without TTL keeps none").isTrue();
    assertThat(three.getInt(6)).isBetween(86_000, 86_400);
  }

  /**
   * Each row as text, a TTL between 86,000 and 86,400 s as "a day": the two loads run seconds
   * apart, so their TTLs differ by that much.
   */
  private static List<String> rows(List<Row> rows) {
    List<String> texts = new ArrayList<>();
    for (Row row : rows) {
      List<String> cells = new ArrayList<>();
      for (int i = 0; i < 14; i++) {
        Object value = row.getObject(i);
        cells.add(
            value instanceof UdtValue udt ? udt.getFormattedContents() : String.valueOf(value));
      }
      for (int i = 14; i < 16; i++) {
        List<Object> ttls = null;
        if (!row.isNull(i)) {
          ttls = new ArrayList<>();
          for (Integer ttl : row.getList(i, Integer.class)) {
            ttls.add(ttl == null ? null : ttl > 86_000 && ttl <= 86_400 ? "a day" : ttl);
          }
        }
        cells.add(String.valueOf(ttls));
      }
      texts.add(String.join("|", cells));
    }
    texts.sort(null);
    return texts;
  }

  private RunReport load(JobSpec job, List<SourceItem> records) throws Exception {
    try (Target target = Targets.connect(job.target(), dir);
        JobRun migration =
            Migration.prepare(
                job,
                target,
                List.of(new MemorySource("table", records)),
                Clock.systemUTC(),
                true)) {
      return migration.run();
    }
  }

  /** A job of the test's records into {@code table}, its columns mapped by name. */
  private JobSpec job(TestKeyspace keyspace, String table, String type, List<String> names) {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    for (String column : names) {
      columns.put(column, ColumnSpec.ofField(column));
    }
    TargetSpec target =
        new TargetSpec(
            type,
            List.of(keyspace.hostAndPort()),
            keyspace.localDatacenter(),
            keyspace.name(),
            table,
            null,
            null,
            null,
            "ONE",
            null,
            null,
            type.equals("sstables") ? Map.of("directory", table) : Map.of(),
            null,
            null);
    return new JobSpec(
        table,
        List.of(new SourceSpec("table", "memory", List.of("mem"), null, null, Map.of())),
        target,
        MappingSpec.of(columns),
        new FlowSpec(1, 16, null, null, null, null, null, null, null, null),
        ErrorThreshold.parse("0"),
        dir.resolve("state-" + table),
        dir,
        null);
  }
}
