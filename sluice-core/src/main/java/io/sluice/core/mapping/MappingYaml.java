package io.sluice.core.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a {@link MappingSpec} as the {@code mapping:} block of a job file, in the short forms a
 * person would write, with optional comments above columns. Reading the text back with the job file
 * loader gives the same spec.
 */
public final class MappingYaml {

  private static final Pattern BLOCK_PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\[\\]-]*");
  private static final Pattern FLOW_PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
  private static final Set<String> SPECIAL =
      Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "nan", "inf", "infinity");

  private MappingYaml() {}

  /** The spec as YAML, starting with {@code mapping:}. */
  public static String write(MappingSpec spec) {
    return write(spec, Map.of(), List.of());
  }

  /**
   * The spec as YAML, starting with {@code mapping:}.
   *
   * @param comments column name to a comment written on the line above it
   * @param header lines written as comments before everything
   */
  public static String write(MappingSpec spec, Map<String, String> comments, List<String> header) {
    StringBuilder out = new StringBuilder();
    header.forEach(line -> out.append("# ").append(line).append('\n'));
    out.append("mapping:\n  columns:\n");
    spec.columns()
        .forEach(
            (column, source) -> {
              String comment = comments.get(column);
              if (comment != null) {
                out.append("    # ").append(comment).append('\n');
              }
              out.append("    ").append(scalar(column, BLOCK_PLAIN)).append(": ");
              out.append(
                  source.isPlainField() ? scalar(source.field(), BLOCK_PLAIN) : flow(source));
              out.append('\n');
            });
    ExplodeSpec explode = spec.explode();
    if (explode != null) {
      out.append("  explode:\n");
      entry(out, "field", explode.field());
      entry(out, "as", explode.as());
      entry(out, "index-column", explode.indexColumn());
    }
    if (!spec.filter().isEmpty()) {
      out.append("  filter:\n");
      for (FilterSpec filter : spec.filter()) {
        List<String> parts = new ArrayList<>();
        part(parts, "field", filter.field());
        part(parts, "equals", filter.equalTo());
        part(parts, "not-equals", filter.notEqualTo());
        part(parts, "in", filter.in());
        part(parts, "exists", filter.exists());
        out.append("    - { ").append(String.join(", ", parts)).append(" }\n");
      }
    }
    return out.toString();
  }

  private static String flow(ColumnSpec source) {
    List<String> parts = new ArrayList<>();
    part(parts, "field", source.field());
    part(parts, "constant", source.constant());
    part(parts, "concat", source.concat());
    part(parts, "separator", source.separator());
    part(parts, "hash", source.hash());
    part(parts, "algorithm", source.algorithm());
    part(parts, "size", source.size());
    part(parts, "position", source.position());
    part(parts, "type", source.type());
    part(parts, "default", source.defaultValue());
    part(parts, "ignore-extra-fields", source.ignoreExtraFields());
    part(parts, "epoch-unit", source.epochUnit());
    part(parts, "truncate", source.truncate());
    return "{ " + String.join(", ", parts) + " }";
  }

  private static void entry(StringBuilder out, String key, String value) {
    if (value != null) {
      out.append("    ").append(key).append(": ").append(scalar(value, BLOCK_PLAIN)).append('\n');
    }
  }

  private static void part(List<String> parts, String key, Object value) {
    if (value != null) {
      parts.add(key + ": " + value(value));
    }
  }

  private static String value(Object value) {
    if (value instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.forEach(item -> items.add(value(item)));
      return "[" + String.join(", ", items) + "]";
    }
    if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
      return d.isNaN() ? ".nan" : d > 0 ? ".inf" : "-.inf";
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return value instanceof String text ? scalar(text, FLOW_PLAIN) : JsonText.write(value);
  }

  /** The text plain when YAML reads it back as the same string, else double-quoted. */
  static String scalar(String text, Pattern plain) {
    if (plain.matcher(text).matches() && !SPECIAL.contains(text.toLowerCase(Locale.ROOT))) {
      return text;
    }
    return JsonText.write(text);
  }
}
