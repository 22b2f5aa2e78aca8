package io.sluice.core.mapping;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlTypeParser;
import io.sluice.core.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds table schemas for tests from lines like {@code "id text pk"}, {@code "pos int ck"} or
 * {@code "note text st"} (static).
 */
final class TestTables {

  private TestTables() {}

  static TableSchema table(String... columns) {
    List<ColumnSchema> schema = new ArrayList<>();
    for (String column : columns) {
      String[] parts = column.split(" ", 2);
      String type = parts[1];
      ColumnSchema.Role role = ColumnSchema.Role.REGULAR;
      if (type.endsWith(" pk")) {
        role = ColumnSchema.Role.PARTITION_KEY;
      } else if (type.endsWith(" ck")) {
        role = ColumnSchema.Role.CLUSTERING;
      } else if (type.endsWith(" st")) {
        role = ColumnSchema.Role.STATIC;
      }
      if (role != ColumnSchema.Role.REGULAR) {
        type = type.substring(0, type.length() - 3);
      }
      schema.add(new ColumnSchema(parts[0], CqlTypeParser.parse(type), role));
    }
    return new TableSchema("ks", "users", schema, false);
  }
}
