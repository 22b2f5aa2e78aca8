package io.sluice.core.state;

/** Where in the pipeline a record or row was rejected, or a finding was made. */
public enum RejectStage {
  /** The record could not be decoded. */
  DECODE,
  /** The record could not be mapped. */
  MAPPING,
  /** The target refused the row. */
  WRITE,
  /** A validation could not read the row back from the target. */
  CHECK,
  /** A validation found the row missing, different, changed since, or extra. */
  DIFFERENCE
}
