package io.sluice.core.run;

import io.sluice.core.count.Counts;

/** How a run ended; the CLI turns it into an exit code. */
public enum Outcome {
  /** Every record reached the target or was filtered out on purpose (a validation: all match). */
  COMPLETED,
  /** The run finished, but some records or rows were rejected (see the reject file). */
  COMPLETED_WITH_ERRORS,
  /**
   * A validation finished and found rows missing, different or extra in the target (rows changed
   * since by newer writes do not count). Repaired rows count: they were differences.
   */
  COMPLETED_WITH_DIFFERENCES,
  /** The run stopped early: too many errors, or a fatal failure. Its progress is saved. */
  ABORTED,
  /** The run was asked to stop (Ctrl-C, SIGTERM). Its progress is saved; run it again to resume. */
  INTERRUPTED;

  /** Whether the run went through all of its work, whatever it found or rejected on the way. */
  public boolean finished() {
    return this == COMPLETED || this == COMPLETED_WITH_ERRORS || this == COMPLETED_WITH_DIFFERENCES;
  }

  /** How a run that went through all of its work ended, from its counts. */
  public static Outcome completed(Counts counts) {
    if (counts.rejected() > 0) {
      return COMPLETED_WITH_ERRORS;
    }
    return counts.differences() > 0 ? COMPLETED_WITH_DIFFERENCES : COMPLETED;
  }
}
