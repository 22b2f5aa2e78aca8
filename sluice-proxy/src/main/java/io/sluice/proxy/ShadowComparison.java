package io.sluice.proxy;

import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import io.sluice.proxy.ShadowVerdict.Difference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compare of a shadow read, as {@code sluice validate} compares: rows are matched by primary
 * key and equal when every selected value is (write times included when selected). The rule:
 *
 * <ul>
 *   <li>A table whose primary key the proxy's driver does not know yet is not compared ({@code
 *       skipped_no_schema}).
 *   <li>A read that selects the whole key is compared row by row: a row of the serving cluster
 *       without a match is missing on the other, one of the other without a match is extra.
 *   <li>A read that does not select the whole key is compared only when each side has one row at
 *       most (a point read); else it is not compared ({@code skipped_no_key}).
 * </ul>
 */
final class ShadowComparison {

  private ShadowComparison() {}

  /**
   * The verdict on two results of the same read.
   *
   * @param columns the result's columns
   * @param primaryKey the table's primary key columns by name, or empty when not known
   * @param serving the serving cluster's rows
   * @param other the other cluster's rows
   */
  static ShadowVerdict compare(
      List<ColumnSpec> columns,
      Optional<List<String>> primaryKey,
      List<List<ByteBuffer>> serving,
      List<List<ByteBuffer>> other) {
    if (primaryKey.isEmpty()) {
      return new ShadowVerdict.NotCompared("skipped_no_schema");
    }
    List<Integer> key = keyIndices(primaryKey.get(), columns);
    if (key == null) {
      return serving.size() <= 1 && other.size() <= 1
          ? single(serving, other)
          : new ShadowVerdict.NotCompared("skipped_no_key");
    }
    Map<List<ByteBuffer>, List<ByteBuffer>> onOther = new HashMap<>();
    for (List<ByteBuffer> row : other) {
      onOther.put(keyOf(row, key), row);
    }
    int equal = 0;
    List<Difference> differences = new ArrayList<>();
    for (List<ByteBuffer> row : serving) {
      List<ByteBuffer> match = onOther.remove(keyOf(row, key));
      if (match == null) {
        differences.add(new Difference(Difference.Kind.MISSING_ON_SECONDARY, row, null));
      } else if (!row.equals(match)) {
        differences.add(new Difference(Difference.Kind.DIFFERENT, row, match));
      } else {
        equal++;
      }
    }
    for (List<ByteBuffer> extra : onOther.values()) {
      differences.add(new Difference(Difference.Kind.EXTRA_ON_SECONDARY, null, extra));
    }
    return verdict(equal, key, differences);
  }

  /** A read of one row at most on each side, whose key is not in the result. */
  private static ShadowVerdict single(
      List<List<ByteBuffer>> serving, List<List<ByteBuffer>> other) {
    List<ByteBuffer> row = serving.isEmpty() ? null : serving.get(0);
    List<ByteBuffer> match = other.isEmpty() ? null : other.get(0);
    if (row == null && match == null) {
      return new ShadowVerdict.Same(0);
    }
    if (row != null && row.equals(match)) {
      return new ShadowVerdict.Same(1);
    }
    Difference.Kind kind =
        match == null
            ? Difference.Kind.MISSING_ON_SECONDARY
            : row == null ? Difference.Kind.EXTRA_ON_SECONDARY : Difference.Kind.DIFFERENT;
    return verdict(0, List.of(), List.of(new Difference(kind, row, match)));
  }

  private static ShadowVerdict verdict(int equal, List<Integer> key, List<Difference> differences) {
    return differences.isEmpty()
        ? new ShadowVerdict.Same(equal)
        : new ShadowVerdict.Differs(equal, key, differences);
  }

  /** Where the primary key columns are in the result, or null when one is not selected. */
  private static List<Integer> keyIndices(List<String> primaryKey, List<ColumnSpec> columns) {
    List<Integer> indices = new ArrayList<>();
    for (String name : primaryKey) {
      int found = -1;
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).name.equals(name)) {
          found = i;
          break;
        }
      }
      if (found < 0) {
        return null;
      }
      indices.add(found);
    }
    return indices;
  }

  private static List<ByteBuffer> keyOf(List<ByteBuffer> row, List<Integer> key) {
    List<ByteBuffer> values = new ArrayList<>(key.size());
    for (int index : key) {
      values.add(row.get(index));
    }
    return values;
  }
}
