package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.sluice.cassandra.SessionFactory;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The tables a {@code type: cassandra} source names with {@code tables:}: those of its keyspace
 * that a name or pattern matches and none of {@code exclude-tables} does, in name order, each as
 * the spec of a source of that one table. A counter table is left out with its reason (a counter is
 * written by adding to it) unless the source says {@code counter-tables: copy}.
 */
final class KeyspaceTables {

  private KeyspaceTables() {}

  static SourceTables of(SourceSpec spec, TableSourceOptions options, Path baseDir) {
    List<Pattern> include = patterns(options.tables());
    List<Pattern> exclude = patterns(options.excludeTables());
    Map<String, SourceSpec> read = new LinkedHashMap<>();
    Map<String, String> notRead = new LinkedHashMap<>();
    try (CqlSession session = SessionFactory.open(options.cluster(spec.name()), baseDir)) {
      KeyspaceMetadata keyspace = TableSource.keyspace(session, spec.name(), options);
      List<TableMetadata> tables = new ArrayList<>(keyspace.getTables().values());
      tables.sort((a, b) -> a.getName().asInternal().compareTo(b.getName().asInternal()));
      for (TableMetadata table : tables) {
        String name = table.getName().asInternal();
        if (!matches(include, name) || matches(exclude, name)) {
          continue;
        }
        if (isCounterTable(table) && !options.copiesCounters()) {
          notRead.put(
              name,
              "table "
                  + options.keyspace()
                  + "."
                  + name
                  + ": not copied; it holds counters, which are written by adding to them, so a"
                  + " copy that is retried or resumed would add twice (counter-tables: copy"
                  + " copies it by adding differences)");
        } else {
          read.put(name, forTable(spec, name));
        }
      }
    }
    return new SourceTables(read, notRead);
  }

  static boolean isCounterTable(TableMetadata table) {
    return table.getColumns().values().stream()
        .anyMatch(column -> column.getType().equals(DataTypes.COUNTER));
  }

  /** The spec of a source of {@code table} alone, named after it. */
  private static SourceSpec forTable(SourceSpec spec, String table) {
    Map<String, Object> options = new LinkedHashMap<>(spec.options());
    options.remove("tables");
    options.remove("exclude-tables");
    // A source of one table keeps counter-tables: it tells that source whether to read counters.
    options.put("table", table);
    return new SourceSpec(
        table,
        spec.type(),
        spec.paths(),
        spec.writeTimestamp(),
        spec.writeTimestampField(),
        options);
  }

  private static List<Pattern> patterns(List<String> globs) {
    List<Pattern> patterns = new ArrayList<>();
    for (String glob : globs) {
      StringBuilder regex = new StringBuilder();
      for (String part : glob.split("\\*", -1)) {
        if (!regex.isEmpty()) {
          regex.append(".*");
        }
        regex.append(Pattern.quote(part));
      }
      patterns.add(Pattern.compile(regex.toString()));
    }
    return patterns;
  }

  private static boolean matches(List<Pattern> patterns, String name) {
    return patterns.stream().anyMatch(pattern -> pattern.matcher(name).matches());
  }
}
