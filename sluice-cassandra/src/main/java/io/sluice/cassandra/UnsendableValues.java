package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import java.nio.charset.CharacterCodingException;

/**
 * Binding a value the driver cannot encode: the failure names the column and says what is wrong in
 * words, so that the row is refused with a reason a user can act on rather than the codec's
 * exception. No value is quoted: reject lines hold no field values.
 */
final class UnsendableValues {

  private UnsendableValues() {}

  /** Binds {@code value} to the column, or fails with a message naming the column. */
  static BoundStatementBuilder bind(
      BoundColumn column, BoundStatementBuilder builder, int index, Object value) {
    try {
      return column.bind(builder, index, value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("column '" + column.name + "': " + describe(e), e);
    }
  }

  /** What went wrong, in words. */
  static String describe(Throwable error) {
    if (error.getMessage() != null && error.getMessage().startsWith("column '")) {
      return error.getMessage();
    }
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof CharacterCodingException) {
        return "the text is not valid Unicode and cannot be encoded as UTF-8";
      }
    }
    return error.getMessage() != null ? error.getMessage() : error.getClass().getSimpleName();
  }
}
