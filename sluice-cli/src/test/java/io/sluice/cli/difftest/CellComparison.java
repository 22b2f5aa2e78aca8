package io.sluice.cli.difftest;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.sluice.cli.difftest.GeneratedTable.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a source table and its copy, each whole, and compares them row by row and cell by cell: the
 * same rows, and in each the same values, write times and TTLs, under the rules the copy documents
 * (docs/table-source.md, "Cell times"):
 *
 * <ul>
 *   <li>a cell keeps its write time exactly;
 *   <li>a non-frozen list, set or map keeps each element's write time and TTL, and a non-frozen
 *       user-defined type each field's;
 *   <li>a TTL keeps the source's expiry instant to within a second: read on both sides one after
 *       the other, the copy's may be 2 s lower to 1 s higher, and lower still by the seconds the
 *       two reads took.
 * </ul>
 *
 * Values compare as Cassandra stores them ({@link CellText#strict}), so {@code 1.0} is not {@code
 * 1.00}, {@code -0.0} is not {@code 0.0}, and a missing frozen collection is not an empty one.
 */
final class CellComparison {

  private static final int MAX_LISTED = 40;
  private static final String ONLY_IN_COPY = ": in the copy, not in the source";

  /** What a comparison looks at. */
  enum Scope {
    /** Values, write times and TTLs, as a copy must keep them. */
    COPY,
    /**
     * Values, write times and TTLs as {@code sluice validate} judges them (docs/validate.md): an
     * empty collection equals none.
     */
    VALIDATION,
    /** Values alone, as validate judges them: after a repair at the current time. */
    VALUES
  }

  private final CqlSession source;
  private final CqlSession target;
  private final GeneratedTable table;
  private final Scope scope;
  private final Map<String, List<String>> differences = new LinkedHashMap<>();

  /** Each row key's partition key, as text. */
  private final Map<String, String> partitions = new LinkedHashMap<>();

  private CellComparison(CqlSession source, CqlSession target, GeneratedTable table, Scope scope) {
    this.source = source;
    this.target = target;
    this.table = table;
    this.scope = scope;
  }

  /**
   * What differs between {@code sourceTable} on {@code source} and {@code targetTable} on {@code
   * target}, by row, within {@code scope}: nothing when the copy is faithful.
   */
  static Differences of(
      CqlSession source,
      String sourceTable,
      CqlSession target,
      String targetTable,
      GeneratedTable table,
      Scope scope) {
    CellComparison comparison = new CellComparison(source, target, table, scope);
    long start = System.nanoTime();
    Map<String, Row> expected = comparison.read(source, sourceTable);
    Map<String, Row> actual = comparison.read(target, targetTable);
    int readSeconds = (int) Math.ceil((System.nanoTime() - start) / 1e9);
    comparison.compare(expected, actual, readSeconds);
    return new Differences(
        comparison.differences, comparison.partitions, staticNames(table), expected.size());
  }

  /**
   * The differences found, by row key ({@code p0=1, k1='a'}), each row's partition key, the table's
   * static columns, and how many rows the source holds.
   */
  record Differences(
      Map<String, List<String>> byRow,
      Map<String, String> partitions,
      Set<String> statics,
      int sourceRows) {

    Differences {
      byRow = Map.copyOf(byRow);
      partitions = Map.copyOf(partitions);
      statics = Set.copyOf(statics);
    }

    /**
     * The fewest of {@link #sourceRowsDiffering} that {@code validate --repair} finds: the rows of
     * a partition that differ in its static cells alone are found until one of the partition's rows
     * is repaired, which repairs them all, so that a partition may count once.
     */
    int fewestFoundByRepair() {
      Set<String> rows = sourceRowsDiffering();
      Set<String> staticOnly = new TreeSet<>();
      Set<String> partitionsRepairedOtherwise = new TreeSet<>();
      for (String row : rows) {
        List<String> lines = byRow.get(row);
        boolean anyStatic = lines.stream().anyMatch(this::isStatic);
        if (anyStatic && lines.stream().allMatch(this::isStatic)) {
          staticOnly.add(row);
        } else if (anyStatic) {
          partitionsRepairedOtherwise.add(partitions.get(row));
        }
      }
      Set<String> staticPartitions = new TreeSet<>();
      staticOnly.forEach(row -> staticPartitions.add(partitions.get(row)));
      staticPartitions.removeAll(partitionsRepairedOtherwise);
      return rows.size() - staticOnly.size() + staticPartitions.size();
    }

    private boolean isStatic(String line) {
      return statics.stream().anyMatch(name -> line.contains(", column " + name + ": "));
    }

    /** The rows of the source that the copy lacks or holds otherwise. */
    Set<String> sourceRowsDiffering() {
      Set<String> rows = new TreeSet<>();
      byRow.forEach(
          (row, lines) -> {
            if (lines.stream().noneMatch(l -> l.endsWith(ONLY_IN_COPY))) {
              rows.add(row);
            }
          });
      return rows;
    }

    boolean none() {
      return byRow.isEmpty();
    }

    /** One line a difference, at most {@value #MAX_LISTED}. */
    @Override
    public String toString() {
      List<String> lines = new ArrayList<>();
      byRow.values().forEach(lines::addAll);
      Collections.sort(lines);
      if (lines.size() > MAX_LISTED) {
        int more = lines.size() - MAX_LISTED;
        lines = new ArrayList<>(lines.subList(0, MAX_LISTED));
        lines.add("... and " + more + " more");
      }
      return String.join("\n", lines);
    }
  }

  private static Set<String> staticNames(GeneratedTable table) {
    Set<String> names = new TreeSet<>();
    table.statics().forEach(column -> names.add(column.name()));
    return names;
  }

  private Map<String, Row> read(CqlSession session, String name) {
    List<String> selected = new ArrayList<>();
    table.key().forEach(c -> selected.add(c.name()));
    for (Column column : table.cells()) {
      selected.add(column.name());
      selected.add("WRITETIME(" + column.name() + ")");
      selected.add("TTL(" + column.name() + ")");
    }
    String query = "SELECT " + String.join(", ", selected) + " FROM " + name;
    Map<String, Row> rows = new LinkedHashMap<>();
    for (Row row :
        session.execute(SimpleStatement.newInstance(query).setTimeout(Duration.ofSeconds(30)))) {
      List<String> key = new ArrayList<>();
      for (int i = 0; i < table.key().size(); i++) {
        CellText text = CellText.of(session, row, i);
        key.add(table.key().get(i).name() + "=" + text.strict());
      }
      String rowKey = String.join(", ", key);
      rows.put(rowKey, row);
      partitions.put(rowKey, String.join(", ", key.subList(0, table.partitionKey().size())));
    }
    return rows;
  }

  private void compare(Map<String, Row> expected, Map<String, Row> actual, int readSeconds) {
    for (Map.Entry<String, Row> row : expected.entrySet()) {
      Row copy = actual.get(row.getKey());
      if (copy == null) {
        add(row.getKey(), "row " + row.getKey() + ": in the source, not in the copy");
        continue;
      }
      int at = table.key().size();
      for (Column column : table.cells()) {
        compareCell(row.getKey(), column, row.getValue(), copy, at, readSeconds);
        at += 3;
      }
    }
    for (String key : actual.keySet()) {
      if (!expected.containsKey(key)) {
        add(key, "row " + key + ONLY_IN_COPY);
      }
    }
  }

  private void compareCell(String key, Column column, Row from, Row to, int at, int readSeconds) {
    String where = "row " + key + ", column " + column.name();
    CellText value = CellText.of(source, from, at);
    CellText copied = CellText.of(target, to, at);
    if (!value.strict().equals(copied.strict())) {
      if (scope != Scope.COPY && sameForValidate(value, copied)) {
        return; // validate: an empty collection equals none, inside a value too
      }
      add(
          key,
          where
              + ": value "
              + value.strict()
              + " in the source, "
              + copied.strict()
              + " in the copy");
      return;
    }
    if (scope == Scope.VALUES) {
      return;
    }
    Object times = from.getObject(at + 1);
    Object copiedTimes = to.getObject(at + 1);
    Object ttls = from.getObject(at + 2);
    Object copiedTtls = to.getObject(at + 2);
    String seen =
        where
            + " = "
            + value.strict()
            + ": write time "
            + times
            + ", TTL "
            + ttls
            + " in the source; write time "
            + copiedTimes
            + ", TTL "
            + copiedTtls
            + " in the copy";
    if (times instanceof List<?> elements) {
      // A list, set, map or non-frozen type: each element or field at its own time and TTL.
      if (!elements.equals(copiedTimes)
          || !ttlsMatch(elements.size(), ttls, copiedTtls, readSeconds)) {
        add(key, seen);
      }
    } else if (!Objects.equals(times, copiedTimes)
        || !ttlMatches((Integer) ttls, copiedTtls, readSeconds)) {
      add(key, seen);
    }
  }

  /** Whether {@code sluice validate} takes the two values for equal (docs/validate.md). */
  private static boolean sameForValidate(CellText value, CellText copied) {
    boolean noneAndEmpty =
        value.strict().equals(CellText.NULL) && copied.emptyCollection()
            || copied.strict().equals(CellText.NULL) && value.emptyCollection();
    return noneAndEmpty || value.lenient().equals(copied.lenient());
  }

  private static boolean ttlsMatch(int count, Object ttls, Object copied, int readSeconds) {
    for (int e = 0; e < count; e++) {
      if (!ttlMatches((Integer) element(ttls, e), element(copied, e), readSeconds)) {
        return false;
      }
    }
    return true;
  }

  /** Element {@code e} of the TTLs a multi-cell column reads as; none when it reads as null. */
  private static Object element(Object list, int e) {
    return list instanceof List<?> elements && e < elements.size() ? elements.get(e) : null;
  }

  /**
   * Whether the copy's TTL, read just after the source's, says the same expiry instant to within a
   * second.
   */
  private static boolean ttlMatches(Integer ttl, Object copied, int readSeconds) {
    if (ttl == null || copied == null) {
      return ttl == null && copied == null;
    }
    int left = (Integer) copied;
    return left >= ttl - 2 - readSeconds && left <= ttl + 1;
  }

  private void add(String row, String difference) {
    differences.computeIfAbsent(row, r -> new ArrayList<>()).add(difference);
  }
}
