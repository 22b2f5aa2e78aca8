package io.sluice.core.validate;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A finding of a validation: one row that is missing, different, changed since, or extra. Findings
 * travel from the checking sink with the rows' {@link io.sluice.core.sink.WriteResult} and are
 * listed in {@code differences.jsonl} in the order their records commit, once each.
 *
 * @param kind what was found
 * @param key the row's primary key
 * @param columns the columns that differ (empty for missing and extra rows)
 * @param repaired whether {@code --repair} fixed the row: rewritten and read back equal (for an
 *     extra row, deleted)
 * @param note why a repair did not fix the row, or {@code null}
 */
public record Difference(
    Kind kind, PrimaryKey key, List<ColumnDifference> columns, boolean repaired, String note) {

  /** The kinds of finding. */
  public enum Kind {
    /** The source row has no row in the target. */
    MISSING,
    /** The target row differs, and was not written after the source's timestamp. */
    MISMATCH,
    /** The target row differs because a newer write changed it: not a difference. */
    CHANGED_SINCE,
    /** The target holds a row that no source record gives. */
    EXTRA;

    /** The kind as files show it: {@code changed-since}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether this kind means the target does not match the source. */
    public boolean isDifference() {
      return this != CHANGED_SINCE;
    }
  }

  public Difference {
    columns = List.copyOf(columns);
  }

  /** The finding built from a comparison's verdict, or {@code null} for a match. */
  public static Difference of(Verdict verdict, PrimaryKey key) {
    if (verdict instanceof Verdict.Missing) {
      return new Difference(Kind.MISSING, key, List.of(), false, null);
    }
    if (verdict instanceof Verdict.Mismatch mismatch) {
      return new Difference(Kind.MISMATCH, key, mismatch.columns(), false, null);
    }
    if (verdict instanceof Verdict.ChangedSince changed) {
      return new Difference(Kind.CHANGED_SINCE, key, changed.columns(), false, null);
    }
    return null;
  }

  public Difference withRepair(boolean isRepaired, String why) {
    return new Difference(kind, key, columns, isRepaired, why);
  }

  /** One sentence for the differences file. */
  public String reason() {
    String names = columns.stream().map(ColumnDifference::column).collect(Collectors.joining(", "));
    String found =
        switch (kind) {
          case MISSING -> "row missing in the target";
          case MISMATCH -> "target differs in " + names;
          case CHANGED_SINCE -> "changed in the target since the source was taken: " + names;
          case EXTRA -> "row in the target that no source record gives";
        };
    return repaired ? found + " (repaired)" : note == null ? found : found + " (" + note + ")";
  }
}
