package io.sluice.core.sink;

import java.util.List;

/**
 * What became of a group of rows handed to a {@link Sink}.
 *
 * @param written rows acknowledged by the target
 * @param retries write attempts repeated after a transient failure
 * @param failed rows that still failed after all retries, with the reason
 */
public record WriteResult(long written, long retries, List<FailedRow> failed) {

  /** A row the target did not accept. */
  public record FailedRow(Row row, String reason) {}
}
