package io.sluice.core.run;

import io.sluice.core.job.JobFileException;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.Source;
import io.sluice.core.source.TableCopySource;
import java.util.ArrayList;
import java.util.List;

/**
 * Says, before the first write, where the target table breaks the rule that every write is an
 * idempotent upsert with a fixed timestamp.
 */
public final class WriteRuleCheck {

  private WriteRuleCheck() {}

  /**
   * Returns warnings to show the user, for a job that did not ask for counters to be copied.
   *
   * @throws JobFileException for a counter table
   */
  public static List<String> check(TableSchema table) {
    return check(table, false);
  }

  /**
   * Returns warnings to show the user.
   *
   * @param copiesCounters whether the job asked for a counter table to be copied ({@link
   *     #copiesCounters(List)}): it is then copied by adding differences, with its risk a warning
   * @throws JobFileException for a counter table the job did not ask to copy
   */
  public static List<String> check(TableSchema table, boolean copiesCounters) {
    List<String> warnings = new ArrayList<>();
    if (table.counterTable()) {
      if (!copiesCounters) {
        throw new JobFileException(
            "Table "
                + table.qualifiedName()
                + " holds counters, which cannot be written idempotently: a retried or resumed"
                + " write would count twice. A table source copies them with counter-tables: copy"
                + " (see keyspace.md); load counters from elsewhere with a dedicated tool.");
      }
      warnings.add(
          "Counter table: each counter is copied by adding the difference between the source's"
              + " value and the target's, read just before, so a retried or resumed row adds"
              + " nothing twice; but a write that timed out and is applied after that read counts"
              + " twice, anything else writing the table during the copy is counted into it, and"
              + " counters keep no write time.");
    }
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

  /**
   * Whether a job reading {@code sources} asked for counter tables to be copied: its one source is
   * a table that says so ({@link TableCopySource#copiesCounters}).
   */
  public static boolean copiesCounters(List<Source> sources) {
    return sources.size() == 1
        && sources.get(0) instanceof TableCopySource table
        && table.copiesCounters();
  }
}
