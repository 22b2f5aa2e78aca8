package io.sluice.core.validate;

import com.fasterxml.jackson.core.JsonGenerator;
import io.sluice.core.count.Count;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.state.LineDetail;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A finding of a validation: one row that is missing, different, changed since, or extra. Findings
 * travel from the checking sink as the {@link WriteResult.Finding}s of the rows' result and are
 * listed in {@code differences.jsonl} in the order their records commit, once each, with the fields
 * {@link #writeFields} writes.
 *
 * @param kind what was found
 * @param key the row's primary key
 * @param columns the columns that differ (empty for missing and extra rows)
 * @param repaired whether {@code --repair} fixed the row: rewritten and read back equal (for an
 *     extra row, deleted)
 * @param note why a repair did not fix the row, or {@code null}
 */
public record Difference(
    Kind kind, PrimaryKey key, List<ColumnDifference> columns, boolean repaired, String note)
    implements LineDetail {

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

    /** The count a finding of this kind adds to. */
    public Count count() {
      return switch (this) {
        case MISSING -> Count.ROWS_MISSING;
        case MISMATCH -> Count.ROWS_MISMATCHED;
        case CHANGED_SINCE -> Count.ROWS_CHANGED_SINCE;
        case EXTRA -> Count.ROWS_EXTRA;
      };
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

  /** The counts this finding adds to: its kind's, and repaired rows when it was repaired. */
  public List<Count> counts() {
    List<Count> counts = new ArrayList<>(2);
    counts.add(kind.count());
    if (repaired) {
      counts.add(Count.ROWS_REPAIRED);
    }
    return counts;
  }

  /** This finding about a row the source gave, as the checking sink reports it. */
  public WriteResult.Finding about(Row row) {
    return new WriteResult.Finding(row, counts(), reason(), this);
  }

  @Override
  public void writeFields(JsonGenerator json) throws IOException {
    json.writeStringField("kind", kind.label());
    json.writeStringField("key", key.toString());
    if (!columns.isEmpty()) {
      json.writeArrayFieldStart("columns");
      for (ColumnDifference column : columns) {
        json.writeStartObject();
        json.writeStringField("column", column.column());
        json.writeStringField("source", column.sourceValue());
        json.writeStringField("target", column.targetValue());
        if (column.targetWritetime() != null) {
          json.writeNumberField("target-writetime", column.targetWritetime());
        }
        json.writeEndObject();
      }
      json.writeEndArray();
    }
    json.writeBooleanField("repaired", repaired);
  }
}
