package io.sluice.core.state;

import io.sluice.core.source.SourcePosition;

/**
 * One line of a run's reject file: a record or row that did not reach the target, or a finding of a
 * validation.
 *
 * @param source the source's name in the job, or {@code null} for a line no record gave (an extra
 *     row)
 * @param position where the record is in its source, or {@code null} likewise
 * @param stage where in the pipeline it happened
 * @param reason one sentence saying what happened
 * @param detail more fields, or {@code null}
 */
public record RejectLine(
    String source, SourcePosition position, RejectStage stage, String reason, LineDetail detail) {

  /** A line for a rejected record or row. */
  public static RejectLine reject(
      String source, SourcePosition position, RejectStage stage, String reason) {
    return new RejectLine(source, position, stage, reason, null);
  }
}
