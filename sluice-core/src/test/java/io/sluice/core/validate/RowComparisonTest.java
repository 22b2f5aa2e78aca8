package io.sluice.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.CellTime;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RowComparisonTest {

  /** When the cells of this test were read from their source. */
  private static final long READ_AT = System.currentTimeMillis();

  private static final CqlType TEXT = new CqlType.Native("text");
  private static final CqlType.UdtType ADDRESS =
      new CqlType.UdtType("address", addressFields(), true);
  private static final TableSchema TABLE =
      new TableSchema(
          "ks",
          "people",
          List.of(
              column("id", TEXT, ColumnSchema.Role.PARTITION_KEY),
              column("name", TEXT, ColumnSchema.Role.REGULAR),
              column("score", new CqlType.Native("double"), ColumnSchema.Role.REGULAR),
              column("price", new CqlType.Native("decimal"), ColumnSchema.Role.REGULAR),
              column("tags", new CqlType.SetType(TEXT, false), ColumnSchema.Role.REGULAR),
              column("address", ADDRESS, ColumnSchema.Role.REGULAR),
              column(
                  "pair",
                  new CqlType.TupleType(List.of(TEXT, new CqlType.Native("int"))),
                  ColumnSchema.Role.REGULAR)),
          false);
  private static final long SOURCE_TS = 1_000;

  private static ColumnSchema column(String name, CqlType type, ColumnSchema.Role role) {
    return new ColumnSchema(name, type, role);
  }

  private static Map<String, Object> row(Object... pairs) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", "p1");
    for (int i = 0; i < pairs.length; i += 2) {
      row.put((String) pairs[i], pairs[i + 1]);
    }
    return row;
  }

  private static TargetRow target(Map<String, Object> values, long writetime) {
    Map<String, Long> writetimes = new HashMap<>();
    values.forEach(
        (column, value) -> {
          if (value != null && !column.equals("id") && !column.equals("tags")) {
            writetimes.put(column, writetime);
          }
        });
    return new TargetRow(values, writetimes);
  }

  private static Verdict compare(Map<String, Object> source, TargetRow target) {
    return new RowComparison(TABLE, false).compare(source, SOURCE_TS, target);
  }

  @Test
  void should_find_a_missing_row() {
    assertThat(compare(row("name", "Ada"), null)).isInstanceOf(Verdict.Missing.class);
  }

  @Test
  void should_match_equal_values() {
    assertThat(compare(row("name", "Ada"), target(row("name", "Ada"), SOURCE_TS)))
        .isInstanceOf(Verdict.Match.class);
  }

  @Test
  void should_report_each_differing_column_with_both_values() {
    Verdict verdict =
        compare(row("name", "Ada", "score", 1.5), target(row("name", "Bob", "score", 1.5), 500));

    assertThat(verdict).isInstanceOf(Verdict.Mismatch.class);
    assertThat(((Verdict.Mismatch) verdict).columns())
        .containsExactly(new ColumnDifference("name", "'Ada'", "'Bob'", 500L));
  }

  @Test
  void should_report_a_difference_written_at_the_same_timestamp_as_a_mismatch() {
    Verdict verdict = compare(row("name", "Ada"), target(row("name", "zzz"), SOURCE_TS));

    assertThat(verdict).isInstanceOf(Verdict.Mismatch.class);
  }

  @Test
  void should_report_a_difference_written_after_the_source_as_changed_since() {
    Verdict verdict =
        compare(row("name", "Ada", "score", 1.0), target(row("name", "live", "score", 2.0), 2_000));

    assertThat(verdict).isInstanceOf(Verdict.ChangedSince.class);
    assertThat(((Verdict.ChangedSince) verdict).columns()).hasSize(2);
  }

  /** A table source's cells carry their own write times, far above the row's tiny timestamp. */
  @Test
  void should_judge_a_cell_with_its_own_write_time_against_that_time() {
    Map<String, CellTime> cells = Map.of("name", CellTime.read(5_000, 0, READ_AT));
    RowComparison comparison = new RowComparison(TABLE, false);

    assertThat(
            comparison.compare(
                row("name", "Ada"), SOURCE_TS, cells, target(row("name", "x"), 4_000)))
        .as("the target holds an older value than the source cell")
        .isInstanceOf(Verdict.Mismatch.class);
    assertThat(
            comparison.compare(
                row("name", "Ada"), SOURCE_TS, cells, target(row("name", "x"), 6_000)))
        .as("a live write after the source cell")
        .isInstanceOf(Verdict.ChangedSince.class);
  }

  /**
   * Read while the application writes to both clusters: a source cell written after the check began
   * may not have reached the target yet. That is a live write, not the backfill's miss.
   */
  @Test
  void should_count_a_source_cell_written_after_the_check_began_as_changed_since() {
    RowComparison comparison = new RowComparison(TABLE, false, 5_000);

    assertThat(
            comparison.compare(
                row("name", "Ada"),
                SOURCE_TS,
                Map.of("name", CellTime.read(7_000, 0, READ_AT)),
                target(row("name", "x"), 4_000)))
        .as("the source cell is a live write the target has not received yet")
        .isInstanceOf(Verdict.ChangedSince.class);
    assertThat(
            comparison.compare(
                row("name", "Ada"),
                SOURCE_TS,
                Map.of("name", CellTime.read(3_000, 0, READ_AT)),
                target(row("name", "x"), 2_000)))
        .as("a cell written before the check began is the backfill's")
        .isInstanceOf(Verdict.Mismatch.class);
    assertThat(
            comparison.compare(
                row("name", "Ada"),
                SOURCE_TS,
                Map.of("name", CellTime.read(7_000, 0, READ_AT)),
                timed("Ada", 4_000, null)))
        .as("the same value, its live time not there yet")
        .isInstanceOf(Verdict.Match.class);
  }

  /** An equal value is judged by its cell's time too, when the source keeps one. */
  @Test
  void should_find_an_equal_cell_written_at_an_older_time_or_with_another_ttl() {
    RowComparison comparison = new RowComparison(TABLE, false);
    // Read from the source ten seconds ago with an hour left: 3,590 s are left now.
    long tenSecondsAgo = System.currentTimeMillis() - 10_000;
    Map<String, CellTime> cells = Map.of("name", CellTime.read(5_000, 3_600, tenSecondsAgo));
    Map<String, Object> source = row("name", "Ada");

    assertThat(comparison.compare(source, SOURCE_TS, cells, timed("Ada", 5_000, 3_590)))
        .as("same time, same expiry")
        .isInstanceOf(Verdict.Match.class);
    assertThat(comparison.compare(source, SOURCE_TS, cells, timed("Ada", 5_000, 3_600)))
        .as("same time, but the copy outlives the source by ten seconds")
        .isInstanceOf(Verdict.Mismatch.class);
    assertThat(comparison.compare(source, SOURCE_TS, cells, timed("Ada", 9_000, null)))
        .as("the same value written again later")
        .isInstanceOf(Verdict.Match.class);
    Verdict older = comparison.compare(source, SOURCE_TS, cells, timed("Ada", 4_000, 3_600));
    assertThat(older).isInstanceOf(Verdict.Mismatch.class);
    assertThat(((Verdict.Mismatch) older).columns().get(0).targetValue())
        .isEqualTo("'Ada' written at 4000, TTL 3600 s");
    assertThat(comparison.compare(source, SOURCE_TS, cells, timed("Ada", 5_000, null)))
        .as("the copy does not expire")
        .isInstanceOf(Verdict.Mismatch.class);
    assertThat(
            comparison.compare(
                source,
                SOURCE_TS,
                cells,
                timed("Ada", 5_000, 3_590 - RowComparison.TTL_TOLERANCE_SECONDS - 2)))
        .as("a TTL further off than the tolerance")
        .isInstanceOf(Verdict.Mismatch.class);
    assertThat(
            comparison.compare(
                source,
                SOURCE_TS,
                Map.of("name", CellTime.read(5_000, 0, READ_AT)),
                timed("Ada", 5_000, 60)))
        .as("the copy expires, the source does not")
        .isInstanceOf(Verdict.Mismatch.class);
  }

  @Test
  void should_compare_a_ttl_with_what_the_source_had_left_when_the_target_was_read() {
    RowComparison comparison = new RowComparison(TABLE, false);
    Map<String, Object> source = row("name", "Ada");
    long now = System.currentTimeMillis();
    // A scan's page read 30 s before its rows are compared: its TTLs count down from then.
    long readAt = now - 30_000;
    CellTime cell = CellTime.read(5_000, 3_600, now - 60_000);
    int ttlWhenRead = cell.ttlSecondsAt(readAt);
    TargetRow readEarlier =
        new TargetRow(
            row("name", "Ada"), Map.of("name", 5_000L), Map.of("name", ttlWhenRead), readAt);

    assertThat(comparison.compare(source, SOURCE_TS, Map.of("name", cell), readEarlier))
        .isInstanceOf(Verdict.Match.class);
    assertThat(
            comparison.compare(
                source, SOURCE_TS, Map.of("name", cell), timed("Ada", 5_000, ttlWhenRead)))
        .as("the same TTL, taken as read just now, is 30 s too long")
        .isInstanceOf(Verdict.Mismatch.class);
  }

  @Test
  void should_not_judge_equal_cells_by_time_without_source_cell_times() {
    assertThat(compare(row("name", "Ada"), timed("Ada", 1, null)))
        .isInstanceOf(Verdict.Match.class);
  }

  private static TargetRow timed(String name, long writetime, Integer ttl) {
    return new TargetRow(
        row("name", name), Map.of("name", writetime), ttl == null ? Map.of() : Map.of("name", ttl));
  }

  @Test
  void should_ignore_newer_columns_that_do_not_differ() {
    TargetRow target =
        new TargetRow(row("name", "Bob", "score", 1.0), Map.of("name", 500L, "score", 9_000L));

    assertThat(compare(row("name", "Ada", "score", 1.0), target))
        .isInstanceOf(Verdict.Mismatch.class);
  }

  @Test
  void should_not_compare_source_nulls_that_are_left_unset() {
    assertThat(compare(row("name", null), target(row("name", "kept"), 500)))
        .isInstanceOf(Verdict.Match.class);
  }

  @Test
  void should_require_nulls_in_the_target_when_nulls_are_written() {
    Verdict verdict =
        new RowComparison(TABLE, true)
            .compare(row("name", null), SOURCE_TS, target(row("name", "kept"), 500));

    assertThat(verdict).isInstanceOf(Verdict.Mismatch.class);
    assertThat(((Verdict.Mismatch) verdict).columns().get(0).sourceValue()).isEqualTo("null");
  }

  @Test
  void should_hold_an_empty_collection_equal_to_null() {
    assertThat(compare(row("tags", Set.of()), target(row("tags", null), 500)))
        .isInstanceOf(Verdict.Match.class);
  }

  @Test
  void should_compare_sets_without_order_and_count_them_as_mismatch_without_writetime() {
    Set<String> source = new LinkedHashSet<>(List.of("b", "a"));
    Set<String> sorted = new LinkedHashSet<>(List.of("a", "b"));

    assertThat(compare(row("tags", source), target(row("tags", sorted), 500)))
        .isInstanceOf(Verdict.Match.class);
    assertThat(compare(row("tags", source), target(row("tags", Set.of("a")), 9_000)))
        .isInstanceOf(Verdict.Mismatch.class);
  }

  @Test
  void should_hold_nan_equal_to_nan() {
    assertThat(compare(row("score", Double.NaN), target(row("score", Double.NaN), 500)))
        .isInstanceOf(Verdict.Match.class);
  }

  @Test
  void should_compare_decimals_with_their_scale_as_cassandra_stores_them() {
    Verdict verdict =
        compare(
            row("price", new BigDecimal("1.0")), target(row("price", new BigDecimal("1.00")), 5));

    assertThat(verdict).isInstanceOf(Verdict.Mismatch.class);
  }

  @Test
  void should_hold_an_absent_udt_field_equal_to_a_null_one() {
    Map<String, Object> read = new LinkedHashMap<>();
    read.put("street", "Main St");
    read.put("zip", null);

    assertThat(
            compare(row("address", Map.of("street", "Main St")), target(row("address", read), 5)))
        .isInstanceOf(Verdict.Match.class);
  }

  @Test
  void should_write_udt_and_tuple_values_as_cql_literals() {
    Verdict verdict =
        compare(
            row("address", Map.of("street", "Main St"), "pair", List.of("a", 1)),
            target(row("address", Map.of("zip", "1000"), "pair", List.of("a", 2)), 5));

    assertThat(((Verdict.Mismatch) verdict).columns())
        .extracting(ColumnDifference::sourceValue, ColumnDifference::targetValue)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "{street: 'Main St', zip: null}", "{street: null, zip: '1000'}"),
            org.assertj.core.groups.Tuple.tuple("('a', 1)", "('a', 2)"));
  }

  /** The fields in their declared order, which literals follow. */
  private static Map<String, CqlType> addressFields() {
    Map<String, CqlType> fields = new LinkedHashMap<>();
    fields.put("street", TEXT);
    fields.put("zip", TEXT);
    return fields;
  }
}
