package io.sluice.hbase;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The ways a table loaded from the orders snapshot ({@link SnapshotFixture#ORDERS_COLUMNS}) is made
 * to differ from it in {@link HBaseValidateIT}, on rows picked at random from {@code seed}, and
 * what a validation should call each row.
 *
 * <p>A load that lost rows leaves no deletion behind: the table is loaded again without the rows of
 * {@link #leftOut()} ({@link #filter()}), then three of them are written by hand ({@link #write}),
 * each cell at its own HBase time but one: an older version of {@code d:name} at its own time
 * ({@code stale}), {@code d:qty} a microsecond before its time ({@code older}), {@code d:temp}
 * without its TTL ({@code ttlLost}). Then the application writes a row at the current time ({@code
 * changed}), deletes one ({@code deleted}) and inserts one of its own ({@link #EXTRA_ROW}).
 */
record OrdersDamage(
    long seed,
    String missing,
    String missingTtl,
    String stale,
    String older,
    String ttlLost,
    String changed,
    String deleted) {

  /** A row the application inserted, which no HBase row gives. */
  static final String EXTRA_ROW = "zz-inserted";

  /** Picks the rows from those of the snapshot, in an order {@code seed} shuffles. */
  static OrdersDamage pick(long seed, OrdersSnapshot.Export export) {
    return pick(seed, export, List.of());
  }

  /** Picks the rows from those of the snapshot but {@code spared}, which a test damages itself. */
  static OrdersDamage pick(long seed, OrdersSnapshot.Export export, List<String> spared) {
    List<String> keys = new ArrayList<>(export.rows().keySet());
    keys.removeAll(spared);
    Collections.shuffle(keys, new Random(seed));
    Map<String, Map<String, ExpectedCell>> rows = export.rows();
    Map<String, Map<String, List<ExpectedCell>>> versions = export.versions();
    return new OrdersDamage(
        seed,
        take(keys, key -> true),
        take(keys, key -> rows.get(key).containsKey("d:temp")),
        take(keys, key -> versions.get(key).getOrDefault("d:name", List.of()).size() > 1),
        take(keys, key -> rows.get(key).containsKey("d:qty")),
        take(keys, key -> rows.get(key).containsKey("d:temp")),
        take(keys, key -> rows.get(key).containsKey("d:name")),
        take(keys, key -> true));
  }

  /** What a validation with {@code --extra} should call each row, by its key. */
  Map<String, String> verdicts() {
    return Map.of(
        EXTRA_ROW, "extra",
        missing, "missing",
        missingTtl, "missing",
        deleted, "missing",
        stale, "mismatch",
        older, "mismatch",
        ttlLost, "mismatch",
        changed, "changed-since");
  }

  /** The rows the load leaves out. */
  List<String> leftOut() {
    return List.of(missing, missingTtl, stale, older, ttlLost);
  }

  /** A mapping's filter that leaves out the rows of {@link #leftOut()}, as YAML lines. */
  String filter() {
    StringBuilder filter = new StringBuilder("  filter:\n");
    for (String key : leftOut()) {
      filter.append("    - { field: rowkey, not-equals: ").append(key).append(" }\n");
    }
    return filter.toString();
  }

  /** Writes the rows written by hand, then the application's writes, into {@code table}. */
  void write(CqlSession session, String table, OrdersSnapshot.Export export) {
    for (String key : List.of(stale, older, ttlLost)) {
      export
          .rows()
          .get(key)
          .forEach(
              (field, cell) -> {
                if (!OrdersColumnChecks.isLoaded(field)) {
                  // d:later, in the row whose cell is dated after the snapshot.
                  return;
                }
                ExpectedCell written = cell;
                long micros = cell.timestampMillis() * 1000;
                if (key.equals(stale) && field.equals("d:name")) {
                  written = export.versions().get(key).get("d:name").get(1);
                  micros = written.timestampMillis() * 1000;
                } else if (key.equals(older) && field.equals("d:qty")) {
                  micros -= 1;
                } else if (key.equals(ttlLost) && field.equals("d:temp")) {
                  written = new ExpectedCell(cell.value(), cell.timestampMillis(), 0);
                }
                session.execute(
                    "UPDATE "
                        + table
                        + " USING TIMESTAMP ? AND TTL ? SET "
                        + OrdersColumnChecks.columnOf(field)
                        + " = ? WHERE rowkey = ?",
                    micros,
                    ttl(written),
                    ByteBuffer.wrap(written.value()),
                    key);
              });
    }
    session.execute(
        "UPDATE " + table + " SET name = ? WHERE rowkey = ?",
        bytes("written by the application"),
        changed);
    session.execute("DELETE FROM " + table + " WHERE rowkey = ?", deleted);
    session.execute(
        "INSERT INTO " + table + " (rowkey, name) VALUES (?, ?)",
        EXTRA_ROW,
        bytes("inserted by the application"));
  }

  /** The TTL a cell written now keeps to expire when its HBase cell does; 0: it does not. */
  static int ttl(ExpectedCell cell) {
    return cell.expiresAtSecond() == 0
        ? 0
        : (int) Math.max(1, cell.expiresAtSecond() - System.currentTimeMillis() / 1000);
  }

  /** The first key of {@code keys} that {@code fits}, taken out of them. */
  private static String take(List<String> keys, Predicate<String> fits) {
    String key = keys.stream().filter(fits).findFirst().orElseThrow();
    keys.remove(key);
    return key;
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
