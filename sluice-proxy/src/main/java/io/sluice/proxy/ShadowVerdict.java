package io.sluice.proxy;

import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a shadow read's compare found: the same rows on both clusters, rows that differ (each
 * difference with the two rows), or no compare at all and why. {@link ShadowComparison} decides it;
 * {@link ShadowReads} counts it and writes its differences to the mismatch log.
 */
sealed interface ShadowVerdict {

  /** Every row is the same on both clusters (none at all, for a read that found nothing). */
  record Same(int equalRows) implements ShadowVerdict {}

  /**
   * Some rows differ.
   *
   * @param equalRows the rows that are the same
   * @param key where the primary key columns are in a row; empty for a read of one row that does
   *     not select its key
   * @param differences in the order found: the serving cluster's rows first, then rows only the
   *     other has
   */
  record Differs(int equalRows, List<Integer> key, List<Difference> differences)
      implements ShadowVerdict {

    public Differs {
      key = List.copyOf(key);
      differences = List.copyOf(differences);
    }

    /** A short description, such as {@code 1 different, 2 missing_on_secondary}. */
    String description() {
      Map<Difference.Kind, Long> counts =
          differences.stream()
              .collect(
                  Collectors.groupingBy(
                      Difference::kind,
                      () -> new EnumMap<>(Difference.Kind.class),
                      Collectors.counting()));
      return counts.entrySet().stream()
          .map(count -> count.getValue() + " " + count.getKey().label())
          .collect(Collectors.joining(", "));
    }
  }

  /**
   * No compare.
   *
   * @param reason as the shadow-read metric counts it, such as {@code skipped_no_key}
   */
  record NotCompared(String reason) implements ShadowVerdict {}

  /**
   * A row that differs.
   *
   * @param serving the serving cluster's row, or null when only the other has it
   * @param other the other cluster's row, or null when it lacks it
   */
  record Difference(Kind kind, List<ByteBuffer> serving, List<ByteBuffer> other) {

    /** How a row differs, as the metrics and the mismatch log name it. */
    enum Kind {
      DIFFERENT,
      MISSING_ON_SECONDARY,
      EXTRA_ON_SECONDARY;

      private final String label = name().toLowerCase(Locale.ROOT);

      /** {@code different}, {@code missing_on_secondary} or {@code extra_on_secondary}. */
      String label() {
        return label;
      }
    }
  }
}
