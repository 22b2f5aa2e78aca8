package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * What the tests check of the orders snapshot loaded as columns of blobs ({@link
 * SnapshotFixture#ORDERS_COLUMNS}): every cell as HBase's {@code Get} returned it, at its own write
 * time and TTL.
 */
final class OrdersColumnChecks {

  static final String COLUMNS = "rowkey, name, qty, temp, note, gone";

  /** The columns the checked cells are in, and their cells' {@code family:qualifier}. */
  private static final String[] NAMES = {"name", "qty", "temp", "note"};

  private static final String[] FIELDS = {"d:name", "d:qty", "d:temp", "t:note"};

  private OrdersColumnChecks() {}

  /** Creates {@code table} with the columns of blobs the checked cells are loaded into. */
  static void createTable(CqlSession session, String table) {
    session.execute(
        "CREATE TABLE "
            + table
            + " (rowkey text PRIMARY KEY, name blob, qty blob, temp blob, note blob, gone blob)");
  }

  /** Every row of {@code table} holds what HBase's {@code Get} returned, at its own times. */
  static void assertEveryCell(
      CqlSession session, String table, Map<String, Map<String, ExpectedCell>> rows) {
    assertThat(session.execute("SELECT count(*) FROM " + table).one().getLong(0))
        .isEqualTo(rows.size());
    for (Map.Entry<String, Map<String, ExpectedCell>> expected : rows.entrySet()) {
      assertRow(session, table, expected.getKey(), expected.getValue());
    }
  }

  /** Row {@code key} of {@code table} holds {@code cells}, each at its own write time and TTL. */
  static void assertRow(
      CqlSession session, String table, String key, Map<String, ExpectedCell> cells) {
    Row row =
        session
            .execute(
                "SELECT "
                    + COLUMNS
                    + ", writetime(name), writetime(qty), writetime(temp), writetime(note),"
                    + " ttl(name), ttl(qty), ttl(temp), ttl(note) FROM "
                    + table
                    + " WHERE rowkey = ?",
                key)
            .one();
    assertThat(row).as("row %s", key).isNotNull();
    for (int i = 0; i < NAMES.length; i++) {
      ExpectedCell cell = cells.get(FIELDS[i]);
      String what = key + " " + FIELDS[i];
      if (cell == null) {
        assertThat(row.isNull(NAMES[i])).as(what + " is absent in HBase").isTrue();
        continue;
      }
      ByteBuffer value = row.getByteBuffer(NAMES[i]);
      byte[] bytes = new byte[value.remaining()];
      value.get(bytes);
      assertThat(bytes).as(what + " value").isEqualTo(cell.value());
      assertThat(row.getLong("writetime(" + NAMES[i] + ")"))
          .as(what + " write time")
          .isEqualTo(cell.timestampMillis() * 1000);
      if (cell.expiresAtSecond() == 0) {
        assertThat(row.isNull("ttl(" + NAMES[i] + ")")).as(what + " has no TTL").isTrue();
      } else {
        TtlLeft.assertCopyOf(row.getInt("ttl(" + NAMES[i] + ")"), cell.expiresAtSecond(), what);
      }
    }
    assertThat(row.isNull("gone")).as(key + " d:gone had expired at snapshot time").isTrue();
  }

  /** Whether the mapping loads {@code field} (the snapshot also holds cells it leaves out). */
  static boolean isLoaded(String field) {
    return Arrays.asList(FIELDS).contains(field);
  }

  /** The column a cell of the orders snapshot is loaded into. */
  static String columnOf(String field) {
    for (int i = 0; i < FIELDS.length; i++) {
      if (FIELDS[i].equals(field)) {
        return NAMES[i];
      }
    }
    throw new IllegalArgumentException("no column holds " + field);
  }
}
