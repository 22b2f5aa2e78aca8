package io.sluice.core.value;

/**
 * Sluice's value model: the Java classes a {@link io.sluice.core.source.Record} field may hold.
 * Every source decodes into these, and the mapper converts them to CQL column values.
 *
 * <table>
 *   <caption>Value classes</caption>
 *   <tr><th>Value</th><th>Java class</th></tr>
 *   <tr><td>null</td><td>{@code null}</td></tr>
 *   <tr><td>boolean</td><td>{@link Boolean}</td></tr>
 *   <tr><td>32-bit integer</td><td>{@link Integer}</td></tr>
 *   <tr><td>64-bit integer</td><td>{@link Long}</td></tr>
 *   <tr><td>double</td><td>{@link Double}</td></tr>
 *   <tr><td>decimal</td><td>{@link java.math.BigDecimal}</td></tr>
 *   <tr><td>string</td><td>{@link String}</td></tr>
 *   <tr><td>bytes</td><td>{@link BinaryValue} (bytes with their BSON subtype)</td></tr>
 *   <tr><td>UUID</td><td>{@link java.util.UUID}</td></tr>
 *   <tr><td>timestamp</td><td>{@link java.time.Instant}</td></tr>
 *   <tr><td>array</td><td>{@link java.util.List} of values</td></tr>
 *   <tr><td>nested document</td><td>{@link java.util.Map} of {@code String} to values, in
 *       field order</td></tr>
 *   <tr><td>MongoDB ObjectId</td><td>{@link ObjectIdValue}</td></tr>
 *   <tr><td>regular expression</td><td>{@link RegexValue}</td></tr>
 *   <tr><td>JavaScript code</td><td>{@link JavaScriptValue}</td></tr>
 *   <tr><td>MongoDB internal timestamp</td><td>{@link OplogTimestampValue}</td></tr>
 *   <tr><td>MinKey and MaxKey</td><td>{@link BoundaryKey}</td></tr>
 *   <tr><td>CQL duration (a table source's)</td><td>{@link DurationValue}</td></tr>
 * </table>
 */
public final class Values {

  private Values() {}

  /** A short, data-free name of the value's kind, for error messages. */
  public static String kindOf(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof java.util.Map) {
      return "document";
    }
    if (value instanceof java.util.List) {
      return "array";
    }
    return switch (value.getClass().getSimpleName()) {
      case "Boolean" -> "boolean";
      case "Integer" -> "int32";
      case "Long" -> "int64";
      case "Double" -> "double";
      case "BigDecimal" -> "decimal";
      case "String" -> "string";
      case "UUID" -> "uuid";
      case "Instant" -> "date";
      case "BinaryValue" -> "binary";
      case "ObjectIdValue" -> "objectId";
      case "RegexValue" -> "regex";
      case "JavaScriptValue" -> "javascript";
      case "OplogTimestampValue" -> "timestamp";
      case "BoundaryKey" -> value.toString();
      case "DurationValue" -> "duration";
      default -> value.getClass().getSimpleName();
    };
  }
}
