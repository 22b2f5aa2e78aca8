package io.sluice.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.regex.Pattern;

/**
 * The {@code per-table:} block of a job file that {@code sluice plan} infers for a source of
 * several tables: under each source table's name, its target table when it is renamed, and its
 * inferred {@code mapping:} block (with its comments), indented to fit.
 */
final class PerTableYaml {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final StringBuilder entries = new StringBuilder();

  /**
   * Adds one table.
   *
   * @param sourceTable the name {@code per-table:} gives the table ({@link
   *     io.sluice.core.run.JobTables#perTableKey}), which keys its entry
   * @param table the target table
   * @param mappingYaml the table's {@code mapping:} block, as {@code MappingYaml} writes it
   */
  void add(String sourceTable, String table, String mappingYaml) {
    entries.append("  ").append(key(sourceTable)).append(":\n");
    if (!table.equals(sourceTable)) {
      entries.append("    table: ").append(key(table)).append('\n');
    }
    mappingYaml.lines().forEach(line -> entries.append("    ").append(line).append('\n'));
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The block, starting with {@code per-table:}. */
  String yaml() {
    return "per-table:\n" + entries;
  }

  private static String key(String name) {
    if (PLAIN.matcher(name).matches()) {
      return name;
    }
    try {
      return JSON.writeValueAsString(name);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
