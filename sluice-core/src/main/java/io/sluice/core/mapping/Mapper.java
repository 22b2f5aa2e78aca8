package io.sluice.core.mapping;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.Record;
import io.sluice.core.value.Values;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns source records into target rows, following a {@link MappingSpec} compiled once against the
 * target table. Compiling checks everything that can be checked without data; {@link #map} then
 * only reads and converts, and is safe to call from many threads at once.
 *
 * <p>Per record: the filter runs first ({@link MapResult.Filtered} when a condition fails); then,
 * without {@code explode}, one row is built; with it, one row per array element, the columns that
 * do not depend on the element being read only once. Each value is converted to its column's CQL
 * type as {@link ValueConverter} documents. A mapped column whose value is missing is present in
 * the row with null; a primary key column without a value, or any value that cannot be converted,
 * fails the record with one sentence naming the column, its source and the types involved (see
 * {@link MapResult.Failed}).
 */
public final class Mapper {

  private static final MapResult FILTERED = new MapResult.Filtered();

  private final TableSchema table;
  private final RecordFilter filter;
  private final ColumnPlan[] columns;
  private final ColumnSchema.Role[] roles;
  private final boolean clustered;
  private final FieldPath explode;
  private final Map<String, String> fieldsNeeded;

  private Mapper(
      TableSchema table,
      RecordFilter filter,
      List<ColumnPlan> columns,
      FieldPath explode,
      Map<String, String> fieldsNeeded) {
    this.table = table;
    this.filter = filter;
    this.columns = columns.toArray(new ColumnPlan[0]);
    this.roles = new ColumnSchema.Role[this.columns.length];
    for (int i = 0; i < roles.length; i++) {
      roles[i] =
          table
              .column(this.columns[i].column())
              .map(ColumnSchema::role)
              .orElse(ColumnSchema.Role.REGULAR);
    }
    this.clustered = Arrays.asList(roles).contains(ColumnSchema.Role.CLUSTERING);
    this.explode = explode;
    this.fieldsNeeded = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fieldsNeeded));
  }

  /**
   * Checks a mapping against its table and prepares it.
   *
   * @throws MappingException with a one-sentence message when the mapping cannot work: an unknown
   *     column, a primary key column left unmapped, a malformed path, a constant that does not fit
   *     its column, a declared type that differs from the table's
   */
  public static Mapper compile(MappingSpec spec, TableSchema table) {
    if (spec == null || spec.columns().isEmpty()) {
      throw new MappingException("The mapping names no columns: list them under 'columns:'.");
    }
    ExplodeSpec explodeSpec = spec.explode();
    String alias = explodeSpec == null ? null : checkAlias(explodeSpec);
    MappingCompiler compiler = new MappingCompiler(table, alias);
    List<ColumnPlan> plans = new ArrayList<>();
    spec.columns().forEach((name, column) -> plans.add(compiler.column(name, column)));
    FieldPath explode = null;
    if (explodeSpec != null) {
      explode = compiler.path("The explode field", explodeSpec.field());
      compiler.need(explode, "The explode setting");
      if (explode.fromElement()) {
        throw new MappingException(
            "The explode field cannot start with its own name '" + alias + "'.");
      }
      if (explodeSpec.indexColumn() != null) {
        plans.add(compiler.indexColumn(explodeSpec.indexColumn(), explode.toString()));
      }
    }
    checkCoverage(plans, table);
    return new Mapper(
        table, RecordFilter.compile(spec.filter()), plans, explode, compiler.fieldsNeeded());
  }

  private static String checkAlias(ExplodeSpec explode) {
    if (explode.field() == null) {
      throw new MappingException("The explode setting needs the 'field' holding the array.");
    }
    String alias = explode.as();
    if (alias == null || alias.isEmpty() || !FieldPath.of(alias).equals(alias)) {
      throw new MappingException(
          "The explode setting needs 'as': a plain name for the element, such as 'item'.");
    }
    return alias;
  }

  private static void checkCoverage(List<ColumnPlan> plans, TableSchema table) {
    Set<String> seen = new HashSet<>();
    for (ColumnPlan plan : plans) {
      if (!seen.add(plan.column())) {
        throw new MappingException("Column '" + plan.column() + "' is filled twice.");
      }
    }
    for (ColumnSchema key : table.primaryKey()) {
      if (!seen.contains(key.name())) {
        throw new MappingException(
            "Primary key column '"
                + key.name()
                + "' of table "
                + table.qualifiedName()
                + " is not mapped: add it under 'columns:'.");
      }
    }
  }

  /** The table this mapper fills. */
  public TableSchema table() {
    return table;
  }

  /**
   * The top-level fields the mapping reads without a default, each with who reads it first ({@code
   * Column 'n'}): a source that knows its fields up front must have them all.
   */
  public Map<String, String> fieldsNeeded() {
    return fieldsNeeded;
  }

  /** The columns every row may hold, in mapping order. */
  public List<String> columns() {
    List<String> names = new ArrayList<>();
    for (ColumnPlan plan : columns) {
      names.add(plan.column());
    }
    return List.copyOf(names);
  }

  /** Maps one record; never throws for bad data, which yields {@link MapResult.Failed}. */
  public MapResult map(Record record) {
    Map<String, Object> fields = record.fields();
    if (!filter.test(fields)) {
      return FILTERED;
    }
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      if (!columns[i].fromElement()) {
        String failure = fill(values, i, record, null, -1, "");
        if (failure != null) {
          return new MapResult.Failed(failure);
        }
      }
    }
    Map<String, CellTime> cellTimes = cellTimes(record);
    if (explode == null) {
      String keyProblem = clusteringProblem(values, "");
      if (keyProblem != null) {
        return new MapResult.Failed(keyProblem);
      }
      return new MapResult.Rows(List.of(row(values)), cellTimes);
    }
    return explode(record, values, cellTimes);
  }

  /** The cell times of the columns read straight from a field that carries one. */
  private Map<String, CellTime> cellTimes(Record record) {
    Map<String, CellTime> times = record.cellTimes();
    if (times.isEmpty()) {
      return Map.of();
    }
    // Built immutable at once: the result keeps it as it is instead of copying it, row after row.
    @SuppressWarnings("unchecked")
    Map.Entry<String, CellTime>[] byColumn = new Map.Entry[columns.length];
    int found = 0;
    for (ColumnPlan plan : columns) {
      CellTime time = plan.cellField() == null ? null : times.get(plan.cellField());
      if (time != null) {
        byColumn[found++] = Map.entry(plan.column(), time);
      }
    }
    return Map.ofEntries(found == byColumn.length ? byColumn : Arrays.copyOf(byColumn, found));
  }

  private MapResult explode(Record record, Object[] recordValues, Map<String, CellTime> cellTimes) {
    Object array;
    try {
      array = explode.resolve(record.fields(), null);
    } catch (ConversionException e) {
      return new MapResult.Failed("The explode field '" + explode + "': " + e.getMessage() + ".");
    }
    if (array == null) {
      return new MapResult.Rows(List.of(), cellTimes);
    }
    if (!(array instanceof List<?> elements)) {
      return new MapResult.Failed(
          "The explode field '" + explode + "' is a " + Values.kindOf(array) + ", not an array.");
    }
    List<Map<String, Object>> rows = new ArrayList<>(elements.size());
    for (int e = 0; e < elements.size(); e++) {
      Object[] values = recordValues.clone();
      String where = " in element " + e + " of '" + explode + "'";
      for (int i = 0; i < columns.length; i++) {
        if (columns[i].fromElement()) {
          String failure = fill(values, i, record, elements.get(e), e, where);
          if (failure != null) {
            return new MapResult.Failed(failure);
          }
        }
      }
      String keyProblem = clusteringProblem(values, where);
      if (keyProblem != null) {
        return new MapResult.Failed(keyProblem);
      }
      rows.add(row(values));
    }
    return new MapResult.Rows(rows, cellTimes);
  }

  /** Fills one value; returns the failure reason, or null when it went well. */
  private String fill(
      Object[] values, int i, Record record, Object element, int index, String where) {
    ColumnPlan plan = columns[i];
    try {
      values[i] = plan.value(record, element, index);
    } catch (ConversionException e) {
      return plan.reason(e, where);
    }
    return values[i] == null && plan.primaryKey() && roles[i] != ColumnSchema.Role.CLUSTERING
        ? plan.missingKeyReason(where)
        : null;
  }

  /**
   * A row without clustering values is a partition's static cells alone (as a table source reads a
   * partition that holds nothing else): valid when every clustering column is missing, a static
   * column holds a value and no regular column does (its regular columns are then set to null).
   * Otherwise the first missing clustering column fails the row.
   */
  private String clusteringProblem(Object[] values, String where) {
    if (!clustered) {
      return null;
    }
    int firstMissing = -1;
    boolean someClustering = false;
    boolean someStatic = false;
    boolean someRegular = false;
    for (int i = 0; i < values.length; i++) {
      switch (roles[i]) {
        case CLUSTERING -> {
          if (values[i] == null) {
            firstMissing = firstMissing < 0 ? i : firstMissing;
          } else {
            someClustering = true;
          }
        }
        case STATIC -> someStatic |= values[i] != null;
        case REGULAR -> someRegular |= !absent(values[i]);
        default -> {
          // The partition key is checked as each value is filled.
        }
      }
    }
    if (firstMissing < 0) {
      return null;
    }
    if (!someClustering && someStatic && !someRegular) {
      // The static cells alone: an empty collection read beside them is none, and is not written.
      for (int i = 0; i < values.length; i++) {
        if (roles[i] == ColumnSchema.Role.REGULAR) {
          values[i] = null;
        }
      }
      return null;
    }
    return columns[firstMissing].missingKeyReason(where);
  }

  /**
   * Whether a regular column's value is none: null, or an empty collection, which is how a driver
   * reads a non-frozen collection that holds nothing (Cassandra keeps no empty one of those).
   */
  private static boolean absent(Object value) {
    return value == null
        || value instanceof Collection<?> collection && collection.isEmpty()
        || value instanceof Map<?, ?> map && map.isEmpty();
  }

  private Map<String, Object> row(Object[] values) {
    Map<String, Object> row = new LinkedHashMap<>(columns.length * 2);
    for (int i = 0; i < columns.length; i++) {
      row.put(columns[i].column(), values[i]);
    }
    return row;
  }
}
