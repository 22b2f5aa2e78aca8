package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link HBaseSnapshotIT} checks of families laid out as maps or clustering rows: every value
 * as HBase's {@code Get} returned it, at its own cell's write time and TTL.
 */
final class FamilyLayoutChecks {

  private FamilyLayoutChecks() {}

  /**
   * Each row's maps {@code d} and {@code t} hold the row's cells of that family, each at its time.
   */
  static void assertMaps(
      CqlSession session, String table, Map<String, Map<String, ExpectedCell>> rows) {
    assertThat(session.execute("SELECT count(*) FROM " + table).one().getLong(0))
        .isEqualTo(rows.size());
    for (Map.Entry<String, Map<String, ExpectedCell>> expected : rows.entrySet()) {
      Row row =
          session
              .execute(
                  "SELECT d, t, writetime(d), ttl(d), writetime(t), ttl(t) FROM "
                      + table
                      + " WHERE rowkey = ?",
                  expected.getKey())
              .one();
      assertThat(row).as("row %s", expected.getKey()).isNotNull();
      for (String family : List.of("d", "t")) {
        assertFamilyMap(row, family, expected.getKey(), family(expected.getValue(), family));
      }
    }
  }

  private static void assertFamilyMap(
      Row row, String family, String key, TreeMap<String, ExpectedCell> cells) {
    String what = key + " family " + family;
    Map<String, ByteBuffer> map = row.getMap(family, String.class, ByteBuffer.class);
    assertThat(map.keySet()).as(what + " qualifiers").isEqualTo(cells.keySet());
    if (cells.isEmpty()) {
      return;
    }
    // A non-frozen collection's write times and TTLs come element by element, in key order.
    List<Long> writetimes = row.getList("writetime(" + family + ")", Long.class);
    List<Integer> ttls = row.getList("ttl(" + family + ")", Integer.class);
    int i = 0;
    for (Map.Entry<String, ExpectedCell> cell : cells.entrySet()) {
      String entry = what + " entry " + cell.getKey();
      assertThat(bytes(map.get(cell.getKey()))).as(entry).isEqualTo(cell.getValue().value());
      assertThat(writetimes.get(i))
          .as(entry + " write time")
          .isEqualTo(cell.getValue().timestampMillis() * 1000);
      assertTtl(ttls.get(i), cell.getValue(), entry);
      i++;
    }
  }

  /**
   * Each cell of family {@code d} is a clustering row of its row: its qualifier the clustering key,
   * its value and timestamp at its own write time and TTL; {@code t:note} beside it.
   */
  static void assertClusteringRows(
      CqlSession session, String table, Map<String, Map<String, ExpectedCell>> rows) {
    long expectedRows = 0;
    for (Map.Entry<String, Map<String, ExpectedCell>> expected : rows.entrySet()) {
      TreeMap<String, ExpectedCell> cells = family(expected.getValue(), "d");
      expectedRows += cells.size();
      List<Row> clustering =
          session
              .execute(
                  "SELECT qualifier, value, written, note, writetime(value), ttl(value),"
                      + " writetime(written), writetime(note) FROM "
                      + table
                      + " WHERE rowkey = ?",
                  expected.getKey())
              .all();
      assertThat(clustering.stream().map(r -> r.getString("qualifier")).toList())
          .as(expected.getKey() + " qualifiers")
          .isEqualTo(new ArrayList<>(cells.keySet()));
      ExpectedCell note = expected.getValue().get("t:note");
      for (Row row : clustering) {
        ExpectedCell cell = cells.get(row.getString("qualifier"));
        String what = expected.getKey() + " d:" + row.getString("qualifier");
        assertThat(bytes(row.getByteBuffer("value"))).as(what).isEqualTo(cell.value());
        assertThat(row.getInstant("written"))
            .as(what + " timestamp")
            .isEqualTo(Instant.ofEpochMilli(cell.timestampMillis()));
        assertThat(row.getLong("writetime(value)"))
            .as(what + " write time")
            .isEqualTo(cell.timestampMillis() * 1000);
        assertThat(row.getLong("writetime(written)")).isEqualTo(cell.timestampMillis() * 1000);
        assertTtl(row.isNull("ttl(value)") ? null : row.getInt("ttl(value)"), cell, what);
        if (note == null) {
          assertThat(row.isNull("note")).as(what + " note").isTrue();
        } else {
          assertThat(bytes(row.getByteBuffer("note"))).as(what + " note").isEqualTo(note.value());
          assertThat(row.getLong("writetime(note)")).isEqualTo(note.timestampMillis() * 1000);
        }
      }
    }
    assertThat(session.execute("SELECT count(*) FROM " + table).one().getLong(0))
        .isEqualTo(expectedRows);
  }

  /**
   * Each version of each cell of family {@code d} is a clustering row (qualifier, then timestamp
   * newest first): the versions HBase's {@code Get} returned, each at its own write time and TTL.
   */
  static void assertVersionRows(
      CqlSession session, String table, Map<String, Map<String, List<ExpectedCell>>> rows) {
    long expectedRows = 0;
    for (Map.Entry<String, Map<String, List<ExpectedCell>>> expected : rows.entrySet()) {
      List<String> expectedVersions = new ArrayList<>();
      new TreeMap<>(expected.getValue())
          .forEach(
              (column, versions) -> {
                if (column.startsWith("d:")) {
                  versions.forEach(
                      cell -> expectedVersions.add(column.substring(2) + "@" + describe(cell)));
                }
              });
      expectedRows += expectedVersions.size();
      List<Row> clustering =
          session
              .execute(
                  "SELECT qualifier, written, value, writetime(value), ttl(value) FROM "
                      + table
                      + " WHERE rowkey = ?",
                  expected.getKey())
              .all();
      List<String> found = new ArrayList<>();
      for (Row row : clustering) {
        ExpectedCell cell =
            new ExpectedCell(
                bytes(row.getByteBuffer("value")), row.getInstant("written").toEpochMilli(), 0);
        assertThat(row.getLong("writetime(value)"))
            .as(expected.getKey() + " " + row.getString("qualifier") + " write time")
            .isEqualTo(cell.timestampMillis() * 1000);
        found.add(row.getString("qualifier") + "@" + describe(cell));
        ExpectedCell versionOf =
            expected.getValue().get("d:" + row.getString("qualifier")).stream()
                .filter(v -> v.timestampMillis() == cell.timestampMillis())
                .findFirst()
                .orElse(null);
        if (versionOf != null) {
          assertTtl(
              row.isNull("ttl(value)") ? null : row.getInt("ttl(value)"),
              versionOf,
              expected.getKey() + " " + row.getString("qualifier"));
        }
      }
      assertThat(found).as(expected.getKey() + " versions").isEqualTo(expectedVersions);
    }
    assertThat(session.execute("SELECT count(*) FROM " + table).one().getLong(0))
        .isEqualTo(expectedRows);
  }

  private static String describe(ExpectedCell cell) {
    return cell.timestampMillis() + "=" + java.util.HexFormat.of().formatHex(cell.value());
  }

  /** Every item of {@code reader}, which it closes. */
  static List<SourceItem> readAll(SplitReader reader) throws IOException {
    try (reader) {
      List<SourceItem> items = new ArrayList<>();
      for (SourceItem item = reader.next(); item != null; item = reader.next()) {
        items.add(item);
      }
      return items;
    }
  }

  /** The index of the first item after which its row is only partly done. */
  static int firstPartlyDone(List<SourceItem> items, Source source) {
    for (int i = 0; i < items.size(); i++) {
      if (RowPosition.parse(source.positionAfter(items.get(i))).partial()) {
        return i;
      }
    }
    throw new AssertionError("no row of several records among " + items.size() + " items");
  }

  /** The same records, field by field, at the same places. */
  static void assertSameRecords(List<SourceItem> actual, List<SourceItem> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < actual.size(); i++) {
      Record a = (Record) actual.get(i);
      Record e = (Record) expected.get(i);
      assertThat(a.position()).as("item %d", i).isEqualTo(e.position());
      assertThat(a.nextOffset()).as("item %d", i).isEqualTo(e.nextOffset());
      assertThat(a.positionAfter()).as("item %d", i).isEqualTo(e.positionAfter());
      assertThat(a.fields().keySet()).as("item %d", i).isEqualTo(e.fields().keySet());
      assertThat(a.fields().get("qualifier")).isEqualTo(e.fields().get("qualifier"));
      assertThat(a.cellTimes()).as("item %d", i).isEqualTo(e.cellTimes());
    }
  }

  private static void assertTtl(Integer ttl, ExpectedCell cell, String what) {
    if (cell.expiresAtSecond() == 0) {
      assertThat(ttl).as(what + " has no TTL").isNull();
    } else {
      TtlLeft.assertCopyOf(ttl, cell.expiresAtSecond(), what);
    }
  }

  /** The row's cells of {@code family}, by qualifier. */
  private static TreeMap<String, ExpectedCell> family(
      Map<String, ExpectedCell> cells, String family) {
    TreeMap<String, ExpectedCell> found = new TreeMap<>();
    cells.forEach(
        (name, cell) -> {
          if (name.startsWith(family + ":")) {
            found.put(name.substring(family.length() + 1), cell);
          }
        });
    return found;
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
