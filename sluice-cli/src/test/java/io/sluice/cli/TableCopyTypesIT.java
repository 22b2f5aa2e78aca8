package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture, copied between two clusters: a column of every CQL type a table source
 * copies, cells of one row written at different times, TTL'd cells, non-frozen collections whose
 * elements and a non-frozen user-defined type whose fields were written at different times, each
 * kept (a list's in its order), a static column, deleted rows and cells, and a partition of 200,000
 * rows. Every cell arrives with its value, write time and (within seconds) TTL, and the report's
 * counts add up. Durations and vectors (of floats, and of text) are copied like every other type.
 * (Counter tables are refused with a sentence: {@link TableSourceRefusalIT}.)
 */
@RealCassandra
class TableCopyTypesIT {

  private static final long BASE_MICROS = 1_700_000_000_000_000L;
  private static final int WIDE_ROWS = 200_000;
  private static final int ROWS = 30;

  private static final String UDT = "CREATE TYPE address (street text, zip int)";
  private static final String COLUMNS =
      "k text, c timeuuid, a ascii, bi bigint, b blob, bo boolean, d date, de decimal, db double,"
          + " f float, i inet, n int, si smallint, t text, tm time, ts timestamp, ti tinyint,"
          + " u uuid, vc varchar, vi varint, l list<int>, s set<text>, m map<text, int>,"
          + " fs frozen<set<int>>, fm frozen<map<text, text>>, tu tuple<int, text>,"
          + " ad frozen<address>, na address, du duration, ve vector<float, 3>,"
          + " vt vector<text, 2>, st text static, PRIMARY KEY (k, c)";

  /** The regular and static columns whose cells have one write time each. */
  private static final List<String> SINGLE_CELLS =
      List.of(
          "a", "bi", "b", "bo", "d", "de", "db", "f", "i", "n", "si", "t", "tm", "ts", "ti", "u",
          "vc", "vi", "fs", "fm", "tu", "ad", "du", "ve", "vt", "st");

  /** The columns of a cell per element or field, each with its own write time and TTL. */
  private static final List<String> COLLECTIONS = List.of("l", "s", "m", "na");

  @TempDir Path dir;

  @Test
  void should_copy_every_type_every_cell_time_and_a_wide_partition(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) throws Exception {
    CqlSession from = source.session();
    for (CqlSession cluster : List.of(from, session)) {
      cluster.execute(UDT);
      cluster.execute("CREATE TABLE every (" + COLUMNS + ")");
    }
    List<UUID> clustering = fill(from);
    fillWide(from);
    String mapping =
        "mapping:\n  columns: { k: k, c: c, "
            + SINGLE_CELLS.stream().map(c -> c + ": " + c).collect(Collectors.joining(", "))
            + ", l: l, s: s, m: m, na: na }\nmax-errors: 0\n";
    String sources = TableSourceYaml.of("every", source.keyspace(), "every");
    Path job = JobFile.write(dir, "every", keyspace, "every", sources, mapping);

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    long sourceRows = count(from, "SELECT count(*) FROM every");
    assertThat(sourceRows).as("one narrow row deleted").isEqualTo(ROWS - 1 + WIDE_ROWS);
    JsonNode counts = CliRun.report(dir.resolve("state-every"));
    int inFlight = CliRun.slowestWriteSeconds(dir.resolve("state-every"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(sourceRows);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(sourceRows);
    assertThat(counts.get("rows-failed").asLong()).isZero();
    assertThat(count(session, "SELECT count(*) FROM every")).isEqualTo(sourceRows);
    assertThat(count(session, "SELECT count(*) FROM every WHERE k = 'wide'")).isEqualTo(WIDE_ROWS);

    String cells = cellsQuery();
    for (UUID c : clustering) {
      Row expected = from.execute(cells + " WHERE k = 'narrow' AND c = ?", c).one();
      Row actual = session.execute(cells + " WHERE k = 'narrow' AND c = ?", c).one();
      if (expected == null) {
        assertThat(actual).as("the deleted row %s", c).isNull();
        continue;
      }
      assertThat(actual).as("row %s", c).isNotNull();
      assertSameCells(expected, actual, c, inFlight);
    }
    // The wide partition's rows: values and write times, sampled across its pages.
    for (int r = 0; r < WIDE_ROWS; r += 9_973) {
      UUID c = wideKey(r);
      Row expected =
          from.execute("SELECT n, WRITETIME(n) FROM every WHERE k = 'wide' AND c = ?", c).one();
      Row actual =
          session.execute("SELECT n, WRITETIME(n) FROM every WHERE k = 'wide' AND c = ?", c).one();
      assertThat(actual.getInt(0)).isEqualTo(expected.getInt(0));
      assertThat(actual.getLong(1)).isEqualTo(expected.getLong(1));
    }
  }

  private static void assertSameCells(Row expected, Row actual, UUID c, int inFlight) {
    for (int i = 0; i < expected.getColumnDefinitions().size(); i++) {
      String name = expected.getColumnDefinitions().get(i).getName().asInternal();
      String what = name + " of row " + c;
      if (name.startsWith("ttl(")) {
        // What was left when the source was read, the copy's read just after: within seconds,
        // and longer by the time its write was in flight.
        assertSameTtl(expected.getObject(i), actual.getObject(i), inFlight, what);
      } else {
        assertThat(comparable(actual.getObject(i)))
            .as(what)
            .isEqualTo(comparable(expected.getObject(i)));
      }
    }
  }

  /**
   * A TTL, or the TTLs of a value's elements or fields, within seconds of the source's: longer by
   * at most the time its write was in flight ({@code inFlight} seconds), from which the node
   * counts.
   */
  private static void assertSameTtl(Object expected, Object actual, int inFlight, String what) {
    if (expected instanceof List<?> ttls) {
      assertThat(actual).as(what).isInstanceOf(List.class);
      List<?> copied = (List<?>) actual;
      assertThat(copied).as(what).hasSameSizeAs(ttls);
      for (int e = 0; e < ttls.size(); e++) {
        assertSameTtl(ttls.get(e), copied.get(e), inFlight, what + " [" + e + "]");
      }
    } else if (expected == null) {
      assertThat(actual).as(what).isNull();
    } else {
      assertThat((Integer) actual)
          .as(what)
          .isBetween((Integer) expected - 5, (Integer) expected + 1 + inFlight);
    }
  }

  /** A value that compares by content across clusters: UDT and tuple values name their cluster. */
  private static Object comparable(Object value) {
    if (value instanceof UdtValue udt) {
      return udt.getFormattedContents();
    }
    if (value instanceof TupleValue tuple) {
      return tuple.getFormattedContents();
    }
    return value;
  }

  private static String cellsQuery() {
    List<String> selected = new ArrayList<>(List.of("c"));
    for (String column : SINGLE_CELLS) {
      selected.add(column);
      selected.add("WRITETIME(" + column + ")");
    }
    for (String column : COLLECTIONS) {
      selected.add(column);
      selected.add("WRITETIME(" + column + ")");
    }
    selected.addAll(
        List.of("TTL(t)", "TTL(n)", "TTL(ad)", "TTL(l)", "TTL(na)", "TTL(du)", "TTL(ve)"));
    return "SELECT " + String.join(", ", selected) + " FROM every";
  }

  /**
   * Rows of one partition with every column, each cell written at a time of its own; TTLs on some;
   * collection elements added at different times; a deleted row and a deleted cell.
   */
  private static List<UUID> fill(CqlSession session) throws Exception {
    PreparedStatement insert =
        session.prepare(
            "INSERT INTO every (k, c, a, bi, b, bo, d, de, db, f, i, n, si, t, tm, ts, ti, u, vc,"
                + " vi, fs, fm, tu, ad) VALUES ('narrow', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TIMESTAMP ?");
    PreparedStatement later =
        session.prepare(
            "UPDATE every USING TIMESTAMP ? AND TTL ? SET t = ?, ad = ? WHERE k = 'narrow' AND c"
                + " = ?");
    PreparedStatement elements =
        session.prepare(
            "UPDATE every USING TIMESTAMP ? AND TTL ? SET l = l + ?, s = s + ?, m = m + ? WHERE k"
                + " = 'narrow' AND c = ?");
    PreparedStatement span =
        session.prepare(
            "UPDATE every USING TIMESTAMP ? AND TTL ? SET du = ? WHERE k = 'narrow' AND c = ?");
    PreparedStatement vectors =
        session.prepare(
            "UPDATE every USING TIMESTAMP ? AND TTL ? SET ve = ?, vt = ? WHERE k = 'narrow' AND c"
                + " = ?");
    PreparedStatement street =
        session.prepare(
            "UPDATE every USING TIMESTAMP ? SET na.street = ? WHERE k = 'narrow' AND c = ?");
    PreparedStatement zip =
        session.prepare(
            "UPDATE every USING TIMESTAMP ? AND TTL ? SET na.zip = ? WHERE k = 'narrow' AND c = ?");
    UserDefinedType address =
        session
            .getMetadata()
            .getKeyspace(session.getKeyspace().orElseThrow())
            .orElseThrow()
            .getUserDefinedType("address")
            .orElseThrow();
    TupleType pair = DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT);
    List<UUID> keys = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      UUID c = Uuids.startOf(1_600_000_000_000L + r);
      keys.add(c);
      long at = BASE_MICROS + r * 10_000L;
      session.execute(
          insert.bind(
              c,
              "ascii-" + r,
              (long) r << 40,
              ByteBuffer.wrap(new byte[] {(byte) r, 0, (byte) -r}),
              r % 2 == 0,
              LocalDate.of(2020, 1, 1).plusDays(r),
              new BigDecimal(BigInteger.valueOf(r * 1234L), 3),
              r / 7.0,
              r / 3.0f,
              InetAddress.getByAddress(new byte[] {10, 0, 0, (byte) r}),
              r,
              (short) (r * 100),
              "text-" + r + "-é中😀",
              LocalTime.ofSecondOfDay(r * 60L),
              Instant.ofEpochMilli(1_500_000_000_000L + r),
              (byte) r,
              new UUID(r, -r),
              "varchar-" + r,
              BigInteger.TEN.pow(30).add(BigInteger.valueOf(r)),
              Set.of(r, r + 1),
              Map.of("k" + r, "v" + r),
              pair.newValue(r, "pair-" + r),
              address.newValue("street " + r, 1000 + r),
              at));
      // Cells of the same row written later, some to expire.
      session.execute(
          later.bind(
              at + 3_000,
              r % 3 == 0 ? 86_400 : 0,
              "rewritten-" + r,
              address.newValue("moved " + r, 2000 + r),
              c));
      // Elements of each collection added at three different times, the last to expire; two list
      // elements at each time, in an order their times do not follow.
      for (int e = 0; e < 3; e++) {
        session.execute(
            elements.bind(
                at + 5_000 + e * 100,
                e == 2 ? 86_400 : 0,
                List.of(10 * e + 1, 10 * e),
                Set.of("e" + e),
                Map.of("e" + e, e * r),
                c));
      }
      // A duration and two vectors, each at a time of its own, some to expire.
      session.execute(span.bind(at + 4_000, r % 3 == 0 ? 86_400 : 0, duration(r), c));
      session.execute(
          vectors.bind(
              at + 4_500,
              r % 4 == 0 ? 0 : 86_400,
              CqlVector.newInstance(r / 3.0f, -1.5f * r, r == 1 ? -0.0f : Float.MIN_VALUE),
              CqlVector.newInstance("v" + r, "é中😀"),
              c));
      // The fields of a non-frozen type set one by one, at times of their own.
      session.execute(street.bind(at + 6_000, "field " + r, c));
      session.execute(zip.bind(at + 6_100, r % 2 == 0 ? 86_400 : 0, 3000 + r, c));
    }
    session.execute(
        "INSERT INTO every (k, st) VALUES ('narrow', 'static') USING TIMESTAMP "
            + (BASE_MICROS + 7));
    session.execute("DELETE FROM every WHERE k = 'narrow' AND c = ?", keys.get(4));
    session.execute("DELETE n, s FROM every WHERE k = 'narrow' AND c = ?", keys.get(5));
    return keys;
  }

  /** Durations of every shape: months, days and nanoseconds apart, negative ones, none at all. */
  private static CqlDuration duration(int r) {
    return r % 5 == 0
        ? CqlDuration.newInstance(-r, -2 * r, -r * 1_000_000_001L)
        : CqlDuration.newInstance(r, 40 * r, r * 86_400_000_000_123L);
  }

  /** One partition of {@link #WIDE_ROWS} rows, written in bounded batches, 16 in flight. */
  private static void fillWide(CqlSession session) throws Exception {
    PreparedStatement insert =
        session.prepare("INSERT INTO every (k, c, n) VALUES ('wide', ?, ?) USING TIMESTAMP ?");
    Semaphore inFlight = new Semaphore(16);
    List<Throwable> failures = new ArrayList<>();
    for (int from = 0; from < WIDE_ROWS; from += 100) {
      BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
      for (int r = from; r < from + 100; r++) {
        batch = batch.add(insert.bind(wideKey(r), r, BASE_MICROS + r));
      }
      assertThat(inFlight.tryAcquire(60, TimeUnit.SECONDS)).isTrue();
      CompletionStage<AsyncResultSet> written = session.executeAsync(batch);
      written.whenComplete(
          (ok, error) -> {
            if (error != null) {
              synchronized (failures) {
                failures.add(error);
              }
            }
            inFlight.release();
          });
    }
    assertThat(inFlight.tryAcquire(16, 120, TimeUnit.SECONDS)).isTrue();
    assertThat(failures).isEmpty();
  }

  private static UUID wideKey(int r) {
    return Uuids.startOf(1_650_000_000_000L + r);
  }

  private static long count(CqlSession session, String query) {
    return session
        .execute(SimpleStatement.newInstance(query).setTimeout(Duration.ofSeconds(60)))
        .one()
        .getLong(0);
  }
}
