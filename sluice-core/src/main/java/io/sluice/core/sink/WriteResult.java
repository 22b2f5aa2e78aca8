package io.sluice.core.sink;

import io.sluice.core.validate.Difference;
import java.util.List;

/**
 * What became of a group of rows handed to a {@link Sink}.
 *
 * <p>A validating sink (see {@link ValidatingTarget}) checks rows instead of writing them: {@code
 * written} counts rows it compared with the target, {@code failed} rows it could not read, and
 * {@code differences} every row that did not match.
 *
 * @param written rows acknowledged by the target (a validation: rows checked)
 * @param retries write attempts repeated after a transient failure
 * @param failed rows that still failed after all retries, with the reason
 * @param differences what a validation found about rows that do not match; empty for writes
 */
public record WriteResult(
    long written, long retries, List<FailedRow> failed, List<Found> differences) {

  public WriteResult {
    failed = List.copyOf(failed);
    differences = List.copyOf(differences);
  }

  /** The result of writing rows. */
  public WriteResult(long written, long retries, List<FailedRow> failed) {
    this(written, retries, failed, List.of());
  }

  /** A row the target did not accept. */
  public record FailedRow(Row row, String reason) {}

  /** A row a validation found missing, different or changed since in the target. */
  public record Found(Row row, Difference difference) {}
}
