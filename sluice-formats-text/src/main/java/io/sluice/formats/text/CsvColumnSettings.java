package io.sluice.formats.text;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the column names a CSV source's settings give: {@code columns}, and the typed-column
 * settings ({@code json-columns}, {@code hex-columns}, {@code base64-columns}, {@code
 * date-formats}), which must not name a column twice nor one that {@code columns} lacks.
 */
final class CsvColumnSettings {

  private CsvColumnSettings() {}

  /** Checks that {@code columns} names no column twice and none blank. */
  static void checkNames(List<String> columns) {
    Set<String> seen = new HashSet<>();
    for (String name : columns) {
      if (name.isBlank()) {
        throw new IllegalArgumentException("columns must not hold blank names");
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException("columns names '" + name + "' twice");
      }
    }
  }

  /**
   * Every column a typed-column setting names, with the setting naming it, in the order given.
   *
   * @throws IllegalArgumentException when two settings name the same column
   */
  static Map<String, String> typedColumns(
      List<String> json, List<String> hex, List<String> base64, Map<String, String> dates) {
    Map<String, String> typed = new LinkedHashMap<>();
    add(typed, json, "json-columns");
    add(typed, hex, "hex-columns");
    add(typed, base64, "base64-columns");
    add(typed, List.copyOf(dates.keySet()), "date-formats");
    return typed;
  }

  /** Checks that {@code columns}, when given, holds every typed column. */
  static void checkTypedColumns(List<String> columns, Map<String, String> typed) {
    if (columns.isEmpty()) {
      return;
    }
    typed.forEach(
        (column, setting) -> {
          if (!columns.contains(column)) {
            throw new IllegalArgumentException(
                setting + " names column '" + column + "', which columns " + columns + " lacks");
          }
        });
  }

  private static void add(Map<String, String> typed, List<String> columns, String setting) {
    for (String column : columns) {
      String earlier = typed.putIfAbsent(column, setting);
      if (earlier != null) {
        throw new IllegalArgumentException(
            setting + " names column '" + column + "', which " + earlier + " names too");
      }
    }
  }
}
