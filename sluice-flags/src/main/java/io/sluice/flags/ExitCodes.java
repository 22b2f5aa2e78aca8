package io.sluice.flags;

import io.sluice.core.run.Outcome;

/**
 * What the exit status of {@code sluice} and of {@code sluice-spark} means; scripts can rely on
 * these values.
 */
public final class ExitCodes {

  /** Everything was done. */
  public static final int OK = 0;

  /**
   * The run finished, but some records were rejected (see the reject file); or a validation found
   * rows missing, mismatched or extra in the target, repaired or not (see its differences file).
   */
  public static final int COMPLETED_WITH_ERRORS = 1;

  /** The run stopped early or could not start: too many errors, a fatal failure, bad setup. */
  public static final int ABORTED = 2;

  /** The run was interrupted (Ctrl-C, SIGTERM); its progress is saved. */
  public static final int INTERRUPTED = 3;

  /** The command line was wrong: unknown option, missing argument. */
  public static final int USAGE = 64;

  private ExitCodes() {}

  /** The exit status of a run that ended as {@code outcome}. */
  public static int of(Outcome outcome) {
    return switch (outcome) {
      case COMPLETED -> OK;
      case COMPLETED_WITH_ERRORS, COMPLETED_WITH_DIFFERENCES -> COMPLETED_WITH_ERRORS;
      case ABORTED -> ABORTED;
      case INTERRUPTED -> INTERRUPTED;
    };
  }
}
