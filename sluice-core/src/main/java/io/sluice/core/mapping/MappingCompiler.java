package io.sluice.core.mapping;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.CqlTypeParser;
import io.sluice.core.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks a {@link MappingSpec} against its table and turns each column into a {@link ColumnPlan}.
 * Everything that can be known before reading a record is checked here, each problem reported as a
 * one-sentence {@link MappingException} naming the column.
 */
final class MappingCompiler {

  private final TableSchema table;
  private final String alias;
  private final Map<String, String> fieldsNeeded = new LinkedHashMap<>();

  MappingCompiler(TableSchema table, String alias) {
    this.table = table;
    this.alias = alias;
  }

  ColumnPlan column(String name, ColumnSpec spec) {
    ColumnSchema column = lookup(name);
    String label = "Column '" + column.name() + "'";
    if (spec == null) {
      throw new MappingException(label + " has no source: give a field path or a setting.");
    }
    checkSettings(label, spec);
    checkDeclaredType(label, spec.type(), column.type());
    InstantOptions instants = InstantSettings.of(label, spec, column.type());
    ValueConverter converter = converter(label, column.type(), spec.ignoreExtraFields(), instants);
    boolean key = column.isPrimaryKey();
    if (spec.field() != null) {
      FieldPath path = path(label, spec.field());
      if (spec.defaultValue() != null) {
        convertNow(label, "default", spec.defaultValue(), converter);
      } else {
        need(path, label);
      }
      return new ColumnPlan(
          column.name(),
          key,
          path.fromElement(),
          "field '" + path + "'",
          ColumnReaders.field(path, spec.defaultValue()),
          converter,
          key || path.fromElement() ? null : path.root());
    }
    if (spec.constant() != null) {
      Object value = convertNow(label, "constant", spec.constant(), converter);
      return new ColumnPlan(
          column.name(), key, false, "constant", ColumnReaders.constant(value), v -> v);
    }
    if (Boolean.TRUE.equals(spec.position())) {
      String type = column.type().toCql();
      if (!type.equals("text") && !type.equals("ascii")) {
        throw new MappingException(label + " is " + type + ", but a position fills text.");
      }
      return new ColumnPlan(
          column.name(), key, false, "position", ColumnReaders.position(), converter);
    }
    if (spec.size() != null) {
      FieldPath path = path(label, spec.size());
      need(path, label);
      return new ColumnPlan(
          column.name(),
          key,
          path.fromElement(),
          "size of '" + path + "'",
          ColumnReaders.size(path),
          converter);
    }
    boolean isConcat = spec.concat() != null;
    List<FieldPath> parts = paths(label, isConcat ? spec.concat() : spec.hash());
    parts.forEach(part -> need(part, label));
    boolean fromElement = parts.stream().anyMatch(FieldPath::fromElement);
    String partNames = parts.stream().map(p -> "'" + p + "'").collect(Collectors.joining(", "));
    if (isConcat) {
      String separator = spec.separator() == null ? ColumnSpec.DEFAULT_SEPARATOR : spec.separator();
      return new ColumnPlan(
          column.name(),
          key,
          fromElement,
          "concat of " + partNames,
          ColumnReaders.concat(parts, separator),
          converter);
    }
    String type = column.type().toCql();
    if (!type.equals("text") && !type.equals("ascii") && !type.equals("blob")) {
      throw new MappingException(label + " is " + type + ", but a hash fills text or blob.");
    }
    String algorithm = spec.algorithm() == null ? ColumnSpec.DEFAULT_ALGORITHM : spec.algorithm();
    try {
      ColumnReaders.digest(algorithm);
    } catch (IllegalArgumentException e) {
      throw new MappingException(label + ": " + e.getMessage() + ".");
    }
    return new ColumnPlan(
        column.name(),
        key,
        fromElement,
        algorithm + " hash of " + partNames,
        ColumnReaders.hash(parts, algorithm, type.equals("blob")),
        converter);
  }

  /** Notes that {@code label} reads the top-level field {@code path} starts from. */
  void need(FieldPath path, String label) {
    if (!path.fromElement()) {
      fieldsNeeded.putIfAbsent(path.root(), label);
    }
  }

  /**
   * The top-level fields the columns read without a default, each with the first column reading it
   * ({@code Column 'n'}), in mapping order.
   */
  Map<String, String> fieldsNeeded() {
    return fieldsNeeded;
  }

  /** The column receiving the exploded element's position. */
  ColumnPlan indexColumn(String name, String arrayPath) {
    ColumnSchema column = lookup(name);
    ValueConverter converter =
        converter("Column '" + name + "'", column.type(), null, InstantOptions.DEFAULT);
    return new ColumnPlan(
        column.name(),
        column.isPrimaryKey(),
        true,
        "index in '" + arrayPath + "'",
        ColumnReaders.index(),
        converter);
  }

  ColumnSchema lookup(String name) {
    return table
        .column(name)
        .or(() -> table.column(name.toLowerCase(Locale.ROOT)))
        .orElseThrow(
            () ->
                new MappingException(
                    "Column '"
                        + name
                        + "' is not in table "
                        + table.qualifiedName()
                        + ", whose columns are "
                        + table.columns().stream()
                            .map(ColumnSchema::name)
                            .collect(Collectors.joining(", "))
                        + "."));
  }

  FieldPath path(String label, String text) {
    try {
      return FieldPath.parse(text).bindTo(alias);
    } catch (IllegalArgumentException e) {
      throw new MappingException(label + ": " + e.getMessage() + ".");
    }
  }

  private List<FieldPath> paths(String label, List<String> texts) {
    if (texts.isEmpty()) {
      throw new MappingException(label + " lists no fields to combine.");
    }
    List<FieldPath> paths = new ArrayList<>();
    for (String text : texts) {
      paths.add(path(label, text));
    }
    return List.copyOf(paths);
  }

  private static void checkSettings(String label, ColumnSpec spec) {
    int sources =
        (spec.field() != null ? 1 : 0)
            + (spec.constant() != null ? 1 : 0)
            + (spec.concat() != null ? 1 : 0)
            + (spec.hash() != null ? 1 : 0)
            + (spec.size() != null ? 1 : 0)
            + (Boolean.TRUE.equals(spec.position()) ? 1 : 0);
    if (sources != 1) {
      throw new MappingException(
          label
              + " needs exactly one of field, constant, concat, hash, size or position, not "
              + sources
              + ".");
    }
    if (spec.separator() != null && spec.concat() == null) {
      throw new MappingException(label + " sets a separator, which only concat uses.");
    }
    if (spec.algorithm() != null && spec.hash() == null) {
      throw new MappingException(label + " sets an algorithm, which only hash uses.");
    }
    if (spec.defaultValue() != null && spec.field() == null) {
      throw new MappingException(label + " sets a default, which only field uses.");
    }
  }

  private static void checkDeclaredType(String label, String declared, CqlType actual) {
    if (declared == null) {
      return;
    }
    CqlType expected;
    try {
      expected = CqlTypeParser.parse(declared);
    } catch (IllegalArgumentException e) {
      throw new MappingException(label + ": " + e.getMessage());
    }
    if (!expected.toCql().equals(actual.toCql())) {
      throw new MappingException(
          label
              + " is declared "
              + expected.toCql()
              + " in the mapping, but the table has it as "
              + actual.toCql()
              + ".");
    }
  }

  private static ValueConverter converter(
      String label, CqlType type, Boolean ignoreExtra, InstantOptions instants) {
    try {
      return ValueConverter.forType(type, Boolean.TRUE.equals(ignoreExtra), instants);
    } catch (MappingException e) {
      throw new MappingException(label + ": " + e.getMessage());
    }
  }

  private static Object convertNow(String label, String what, Object value, ValueConverter to) {
    try {
      return to.convert(value);
    } catch (ConversionException e) {
      throw new MappingException(
          label + ": the " + what + " does not fit, " + e.getMessage() + ".");
    }
  }
}
