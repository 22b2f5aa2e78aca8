package io.sluice.formats.text;

/**
 * A JSON text that cannot be decoded into Sluice's value model: invalid JSON, a top level that is
 * not an object where one is needed, a repeated field name, or an Extended JSON wrapper of the
 * wrong shape. The reason is one phrase without record data beyond field names.
 */
public final class MalformedJsonException extends Exception {

  private final String reason;

  MalformedJsonException(String reason) {
    super(reason, null, false, false);
    this.reason = reason;
  }

  /** What is wrong, such as {@code field 'a.b': $date must be ...}. */
  public String reason() {
    return reason;
  }

  /** The same problem, said to be inside {@code segment} (a field name or an index {@code [n]}). */
  MalformedJsonException within(String segment) {
    String inner = reason.startsWith("field '") ? reason.substring("field '".length()) : null;
    if (inner == null) {
      return new MalformedJsonException("field '" + segment + "': " + reason);
    }
    String joiner = inner.startsWith("[") ? "" : ".";
    return new MalformedJsonException("field '" + segment + joiner + inner);
  }
}
