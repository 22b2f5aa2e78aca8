package io.sluice.core.validate;

import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.KeyColumn;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link Target} that a validation can read back: how {@code sluice validate} reads the table to
 * prove it holds what the source gives. The Cassandra module provides the implementation; the
 * migration's runner never sees this interface.
 */
public interface ValidatingTarget extends Target {

  /**
   * A sink that checks rows instead of writing them. For each row it reads the target row of the
   * same primary key and compares them with {@link RowComparison}; with {@link
   * ValidationSpec#repair()} it rewrites missing and mismatched rows. Its {@link WriteResult}
   * counts checked rows as {@code written}, rows that could not be read as {@code failed}, and
   * lists a {@link Difference} ({@link Difference#about}) for every row that does not match; its
   * refused rows are rejected at the {@code check} stage.
   *
   * @param feedback told how each read and repair fared, as a migration's sink tells it of writes
   * @param columns the columns the mapping fills: only those are read and compared
   */
  Sink openChecker(FlowSpec flow, FlowFeedback feedback, ValidationSpec spec, List<String> columns);

  /**
   * A checker as {@link #openChecker(FlowSpec, FlowFeedback, ValidationSpec, List)} gives, which
   * also lists as extra the target rows it passes in a split read in the table's key order (its
   * merge join with a scan of the target), when {@code findsExtra}: the validation then knows each
   * such split's rows map to the target's keys in the same order. By default, none.
   */
  default Sink openChecker(
      FlowSpec flow,
      FlowFeedback feedback,
      ValidationSpec spec,
      List<String> columns,
      boolean findsExtra) {
    return openChecker(flow, feedback, spec, columns);
  }

  /**
   * The table's primary key, partition key first, when this target reads rows along token ranges
   * beside a source (a merge join); empty when it does not.
   */
  default List<KeyColumn> keyColumns() {
    return List.of();
  }

  /**
   * Reads the primary key of every row of the table, in no particular order, and hands each to
   * {@code keys} as column name to value in the mapper's Java forms.
   */
  void scanPrimaryKeys(Consumer<Map<String, Object>> keys);

  /** Deletes one row with the given write timestamp, in microseconds since the epoch. */
  void deleteRow(PrimaryKey key, long timestampMicros);
}
