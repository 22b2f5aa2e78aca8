package io.sluice.core.run;

import io.sluice.core.job.JobFileException;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Says, before the first write, where the target table breaks the rule that every write is an
 * idempotent upsert with a fixed timestamp.
 */
public final class WriteRuleCheck {

  private WriteRuleCheck() {}

  /**
   * Returns warnings to show the user.
   *
   * @throws JobFileException for a counter table, which cannot be loaded idempotently at all
   */
  public static List<String> check(TableSchema table) {
    if (table.counterTable()) {
      throw new JobFileException(
          "Table "
              + table.qualifiedName()
              + " holds counters, which cannot be written idempotently: a retried or resumed"
              + " write would count twice. Load counters with a dedicated tool.");
    }
    List<String> warnings = new ArrayList<>();
    for (ColumnSchema column : table.columns()) {
      if (column.type() instanceof CqlType.ListType list && !list.frozen()) {
        warnings.add(
            "Column "
                + column.name()
                + " is a non-frozen list: writing the same row twice at the same timestamp"
                + " duplicates its elements (CASSANDRA-11368), so a retried or resumed write can"
                + " leave duplicates. Prefer frozen<list<...>>, a set or a map.");
      }
    }
    return warnings;
  }
}
