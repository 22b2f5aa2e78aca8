package io.sluice.core.run;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A source type for tests of jobs of several tables, {@code type: listed-tables}: its option {@code
 * tables} lists the tables it reads; one whose name starts with {@code counter_} is left out, as
 * the table source leaves out a counter table. It creates no source.
 */
public final class ListedTablesProvider implements SourceProvider {

  /** Its options. */
  public record Options(List<String> tables, String table) {}

  @Override
  public String type() {
    return "listed-tables";
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return Options.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    throw new UnsupportedOperationException("a source for planning tests only");
  }

  @Override
  @SuppressWarnings("unchecked")
  public SourceTables tables(SourceSpec spec, Path baseDir) {
    Object tables = spec.options().get("tables");
    if (tables == null) {
      return SourceTables.NONE;
    }
    Map<String, SourceSpec> read = new LinkedHashMap<>();
    Map<String, String> notRead = new LinkedHashMap<>();
    for (String table : (List<String>) tables) {
      if (table.startsWith("counter_")) {
        notRead.put(table, "table " + table + ": not copied; it holds counters");
      } else {
        read.put(table, spec.withNameAndOptions(table, Map.of("table", table)));
      }
    }
    return new SourceTables(read, notRead);
  }
}
