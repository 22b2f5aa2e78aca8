package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a target table that already exists differs from the copy a job would create: what of the
 * copy's definition (a column and its type, the primary key, the clustering order) the existing
 * table does not have. Columns the existing table has beyond the copy's do not matter: they are
 * left alone.
 */
public final class ExistingTable {

  private ExistingTable() {}

  /**
   * The parts of {@code copyCql}'s {@code CREATE TABLE} that {@code existing} lacks, as CQL; empty
   * when the copy can be written into it as it is.
   */
  public static List<String> differences(String copyCql, TableMetadata existing) {
    List<String> wanted = definitionLines(copyCql);
    Set<String> present =
        Set.copyOf(
            definitionLines(
                CopiedSchema.cql(
                    existing,
                    List.copyOf(existing.getColumns().values()),
                    existing.getKeyspace().asInternal(),
                    existing.getName().asInternal())));
    List<String> missing = new ArrayList<>();
    for (String line : wanted) {
      if (!present.contains(line)) {
        missing.add(line);
      }
    }
    return missing;
  }

  /**
   * The lines of the {@code CREATE TABLE} statement (not the indexes after it), without indentation
   * and separators.
   */
  private static List<String> definitionLines(String cql) {
    int start = cql.indexOf("CREATE TABLE");
    int end = cql.indexOf(';', start);
    String table = cql.substring(start, end < 0 ? cql.length() : end);
    return table
        .lines()
        .skip(1) // the statement's own line, naming the table
        .map(line -> line.strip().replaceAll("[,;]$", ""))
        .filter(line -> !line.isEmpty())
        .collect(Collectors.toList());
  }
}
