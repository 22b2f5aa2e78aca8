package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.IndexKind;
import com.datastax.oss.driver.api.core.metadata.schema.IndexMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The secondary indexes of a copied table, created on the copy, and what of the source's schema a
 * copy leaves out, said in one sentence each for {@code sluice plan}.
 */
final class CopiedIndexes {

  /** Options every index has, which its {@code CREATE} statement says by other means. */
  private static final Set<String> IMPLIED_OPTIONS = Set.of("target", "class_name");

  private CopiedIndexes() {}

  /**
   * The {@code CREATE INDEX} statements of the source's indexes on columns the copy keeps. An index
   * keeps its name in another keyspace; in the source's own keyspace, where index names are unique,
   * it is named after the copy.
   */
  static List<String> cql(
      TableMetadata source, Set<String> copiedColumns, String keyspace, String table) {
    boolean sameKeyspace = source.getKeyspace().asInternal().equals(keyspace);
    String qualified =
        CqlIdentifier.fromInternal(keyspace).asCql(true)
            + "."
            + CqlIdentifier.fromInternal(table).asCql(true);
    List<String> statements = new ArrayList<>();
    for (IndexMetadata index : source.getIndexes().values()) {
      if (!copiedColumns.contains(indexedColumn(index.getTarget()))) {
        continue;
      }
      String name = index.getName().asInternal();
      String copyName = sameKeyspace ? table + "_" + name : name;
      StringBuilder cql =
          new StringBuilder(
              index.getKind() == IndexKind.CUSTOM
                  ? "CREATE CUSTOM INDEX IF NOT EXISTS "
                  : "CREATE INDEX IF NOT EXISTS ");
      cql.append(CqlIdentifier.fromInternal(copyName).asCql(true))
          .append(" ON ")
          .append(qualified)
          .append(" (")
          .append(index.getTarget())
          .append(')');
      if (index.getKind() == IndexKind.CUSTOM) {
        index
            .getClassName()
            .ifPresent(className -> cql.append(" USING '").append(quoted(className)).append('\''));
        String options =
            index.getOptions().entrySet().stream()
                .filter(option -> !IMPLIED_OPTIONS.contains(option.getKey()))
                .map(
                    option ->
                        "'" + quoted(option.getKey()) + "': '" + quoted(option.getValue()) + "'")
                .collect(Collectors.joining(", "));
        if (!options.isEmpty()) {
          cql.append(" WITH OPTIONS = {").append(options).append('}');
        }
      }
      statements.add(cql.append(';').toString());
    }
    return statements;
  }

  /** What the copy leaves out of the source's schema: its materialized views. */
  static List<String> notCopied(Map<CqlIdentifier, ViewMetadata> views, String sourceTable) {
    List<String> notes = new ArrayList<>();
    for (ViewMetadata view : views.values()) {
      if (view.getBaseTable().asInternal().equals(sourceTable)) {
        notes.add(
            "materialized view "
                + view.getName().asInternal()
                + ": not copied; a view is built from its base table, so create it on the target"
                + " after the copy if the application reads it");
      }
    }
    return notes;
  }

  /** The column an index target names: {@code values(tags)} indexes {@code tags}. */
  private static String indexedColumn(String target) {
    String column = target.replaceAll("^(?:values|keys|entries|full)\\((.*)\\)$", "$1");
    return column.startsWith("\"") ? CqlIdentifier.fromCql(column).asInternal() : column;
  }

  private static String quoted(String text) {
    return text.replace("'", "''");
  }
}
