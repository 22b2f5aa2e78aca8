package io.sluice.formats.parquet;

/**
 * A value that was read correctly but cannot be what its logical type says, such as a STRING that
 * is not UTF-8 or a TIME past midnight. Its message completes "field 'x' ...".
 */
final class InvalidValueException extends RuntimeException {

  InvalidValueException(String message) {
    super(message, null, false, false);
  }
}
