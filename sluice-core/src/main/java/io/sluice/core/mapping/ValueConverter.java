package io.sluice.core.mapping;

import io.sluice.core.schema.CqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts a value of Sluice's value model ({@link io.sluice.core.value.Values}) to the Java type
 * the Cassandra Java driver's codec expects for one CQL type. Converters are built once per column
 * and are thread-safe. Null converts to null. A value that cannot be converted faithfully throws
 * {@link ConversionException}: nothing is rounded, truncated, clamped or dropped silently.
 *
 * <table>
 *   <caption>Conversions by CQL type (anything not listed fails)</caption>
 *   <tr><th>CQL type</th><th>Java value</th><th>Accepted source values</th></tr>
 *   <tr><td>text, varchar</td><td>String</td><td>anything: strings as they are; numbers,
 *       booleans, UUIDs in canonical form; dates, LocalDate and LocalTime as ISO-8601 ({@code
 *       2024-05-01T12:00:00Z}); ObjectId as 24 hex digits; regex as {@code /pattern/options};
 *       JavaScript as its code; MinKey/MaxKey as {@code minKey}/{@code maxKey}; documents, arrays,
 *       binary, MongoDB timestamps and JavaScript with scope as relaxed Extended JSON (see
 *       below)</td></tr>
 *   <tr><td>ascii</td><td>String</td><td>as text, failing on non-ASCII characters</td></tr>
 *   <tr><td>int, smallint, tinyint</td><td>Integer, Short, Byte</td><td>int32, int64, double,
 *       decimal and integer text, when integral and in range</td></tr>
 *   <tr><td>bigint, counter</td><td>Long</td><td>as int; also dates (a count of the column's
 *       epoch unit since 1970, milliseconds by default, when whole units; see {@link
 *       InstantOptions}) and MongoDB timestamps (their 64-bit value)</td></tr>
 *   <tr><td>varint</td><td>BigInteger</td><td>int32, int64, integral double or decimal, integer
 *       text</td></tr>
 *   <tr><td>decimal</td><td>BigDecimal</td><td>int32, int64, decimal, finite double (its shortest
 *       decimal form: 0.1 gives 0.1), decimal text; NaN and Infinity fail</td></tr>
 *   <tr><td>double</td><td>Double</td><td>double (NaN and Infinity included), int32, int64 when
 *       exactly representable, decimal and number text when the double reads back as the same
 *       decimal</td></tr>
 *   <tr><td>float</td><td>Float</td><td>double when exactly representable as a float (NaN and
 *       Infinity included), int32/int64 when exact, decimal and text as for double</td></tr>
 *   <tr><td>boolean</td><td>Boolean</td><td>boolean, text {@code true}/{@code false} (any
 *       case)</td></tr>
 *   <tr><td>timestamp</td><td>Instant</td><td>date (whole milliseconds, unless the column
 *       truncates, within ±292 million years), int32/int64 as a count of the epoch unit
 *       (milliseconds by default), MongoDB timestamp (its seconds), ISO-8601 text with an
 *       offset</td></tr>
 *   <tr><td>date</td><td>LocalDate</td><td>date at midnight UTC, LocalDate, ISO-8601 date text
 *       ({@code 2024-05-01}); within ±5.8 million years</td></tr>
 *   <tr><td>time</td><td>LocalTime</td><td>LocalTime, ISO-8601 time text ({@code
 *       13:45:00.5})</td></tr>
 *   <tr><td>uuid</td><td>UUID</td><td>UUID, canonical UUID text, binary subtype 4</td></tr>
 *   <tr><td>timeuuid</td><td>UUID</td><td>as uuid, version-1 UUIDs only</td></tr>
 *   <tr><td>blob</td><td>ByteBuffer</td><td>binary (any subtype), ObjectId (12 bytes), UUID (16
 *       bytes, big-endian)</td></tr>
 *   <tr><td>inet</td><td>InetAddress</td><td>IPv4 or IPv6 address text (never a host
 *       name), or a table source's address as it is</td></tr>
 *   <tr><td>list&lt;X&gt;</td><td>List</td><td>array, each element converted to X; null elements
 *       fail</td></tr>
 *   <tr><td>set&lt;X&gt;</td><td>Set (LinkedHashSet, array order)</td><td>array; null elements
 *       and elements equal after conversion fail</td></tr>
 *   <tr><td>map&lt;K, V&gt;</td><td>Map (LinkedHashMap, key order)</td><td>document: keys
 *       converted from text to K, values to V; null values and keys equal after conversion
 *       fail</td></tr>
 *   <tr><td>tuple&lt;...&gt;</td><td>List&lt;Object&gt;</td><td>array of the same length, each
 *       element converted to its component (nulls allowed)</td></tr>
 *   <tr><td>user-defined type</td><td>Map&lt;String, Object&gt; of field name to value (the sink
 *       builds the driver's UdtValue)</td><td>document: keys match fields by exact name, else by
 *       {@link io.sluice.core.schema.CqlIdentifiers#toColumnName} ({@code zipCode} fills {@code
 *       zip_code}); keys without a field fail unless the column sets {@code
 *       ignore-extra-fields}; absent fields stay null</td></tr>
 *   <tr><td>vector&lt;X, n&gt;</td><td>List</td><td>array of exactly n elements, each
 *       converted to X (for X float also a double whose shortest decimal form a float holds
 *       exactly, as a JSON {@code 0.1}); null elements fail</td></tr>
 *   <tr><td>duration</td><td>{@link io.sluice.core.value.DurationValue}</td><td>a table source's
 *       duration, text as CQL reads it: {@code 1h30m}, {@code 2mo3d}, ISO-8601 {@code PT1H30M},
 *       {@code P2W} or {@code P0000-00-00T01:30:00} (see {@link DurationConversions})</td></tr>
 * </table>
 *
 * <p>Extended JSON, for documents and arrays written to text: keys in document order, numbers
 * plain, and {@code {"$oid": hex}}, {@code {"$date": ISO-8601}}, {@code {"$uuid": text}}, {@code
 * {"$numberDecimal": text}}, {@code {"$numberDouble": "NaN"}}, {@code {"$binary": base64, "$type":
 * hex}}, {@code {"$regex": p, "$options": o}}, {@code {"$code": c, "$scope": {...}}}, {@code
 * {"$timestamp": {"t": s, "i": i}}}, {@code {"$minKey": 1}} and {@code {"$maxKey": 1}} for the
 * rest.
 */
@FunctionalInterface
public interface ValueConverter {

  /**
   * Converts one value.
   *
   * @throws ConversionException when the value cannot be converted faithfully
   */
  Object convert(Object value) throws ConversionException;

  /** The converter for a column of {@code type}; UDT documents with unknown keys fail. */
  static ValueConverter forType(CqlType type) {
    return forType(type, false);
  }

  /**
   * The converter for a column of {@code type}, with whole-millisecond instants.
   *
   * @param ignoreExtraFields whether document keys that a user-defined type has no field for are
   *     dropped instead of failing
   * @throws MappingException when the type cannot be written: a user-defined type whose fields are
   *     unknown
   */
  static ValueConverter forType(CqlType type, boolean ignoreExtraFields) {
    return forType(type, ignoreExtraFields, InstantOptions.DEFAULT);
  }

  /**
   * The converter for a column of {@code type}.
   *
   * @param ignoreExtraFields whether document keys that a user-defined type has no field for are
   *     dropped instead of failing
   * @param instants how the timestamp and bigint parts of the type treat instants
   * @throws MappingException when the type cannot be written: a user-defined type whose fields are
   *     unknown
   */
  static ValueConverter forType(CqlType type, boolean ignoreExtraFields, InstantOptions instants) {
    ValueConverter converter = build(type, ignoreExtraFields, instants);
    return value -> value == null ? null : converter.convert(value);
  }

  private static ValueConverter build(CqlType type, boolean ignoreExtra, InstantOptions instants) {
    String cql = type.toCql();
    if (type instanceof CqlType.Native n) {
      return switch (n.name()) {
        case "text" -> TextConversions::text;
        case "ascii" -> TextConversions::ascii;
        case "int" -> NumberConversions.integral("int", Integer.MIN_VALUE, Integer.MAX_VALUE);
        case "smallint" -> NumberConversions.integral("smallint", Short.MIN_VALUE, Short.MAX_VALUE);
        case "tinyint" -> NumberConversions.integral("tinyint", Byte.MIN_VALUE, Byte.MAX_VALUE);
        case "bigint", "counter" -> NumberConversions.bigint(n.name(), instants);
        case "varint" -> NumberConversions::varint;
        case "decimal" -> NumberConversions::decimal;
        case "double" -> NumberConversions::toDouble;
        case "float" -> NumberConversions::toFloat;
        case "boolean" -> ScalarConversions::bool;
        case "timestamp" -> TimeConversions.timestamp(instants);
        case "date" -> TimeConversions::date;
        case "time" -> TimeConversions::time;
        case "uuid" -> ScalarConversions::uuid;
        case "timeuuid" -> ScalarConversions::timeuuid;
        case "blob" -> ScalarConversions::blob;
        case "inet" -> ScalarConversions::inet;
        case "duration" -> DurationConversions::duration;
        default -> throw new MappingException("Sluice cannot write CQL type " + cql + ".");
      };
    }
    if (type instanceof CqlType.ListType l) {
      return CollectionConversions.list(forType(l.element(), ignoreExtra, instants), cql);
    }
    if (type instanceof CqlType.SetType s) {
      return CollectionConversions.set(forType(s.element(), ignoreExtra, instants), cql);
    }
    if (type instanceof CqlType.MapType m) {
      return CollectionConversions.map(
          forType(m.key(), ignoreExtra, instants), forType(m.value(), ignoreExtra, instants), cql);
    }
    if (type instanceof CqlType.VectorType v) {
      ValueConverter element =
          v.element().equals(new CqlType.Native("float"))
              ? NumberConversions::toVectorFloat
              : forType(v.element(), ignoreExtra, instants);
      return CollectionConversions.vector(element, v.dimension(), cql);
    }
    if (type instanceof CqlType.TupleType t) {
      List<ValueConverter> components = new ArrayList<>();
      t.components().forEach(c -> components.add(forType(c, ignoreExtra, instants)));
      return CollectionConversions.tuple(List.copyOf(components), cql);
    }
    CqlType.UdtType udt = (CqlType.UdtType) type;
    if (udt.fields().isEmpty()) {
      throw new MappingException(
          "The fields of user-defined type "
              + udt.name()
              + " are unknown; read the table's"
              + " schema from the cluster.");
    }
    Map<String, ValueConverter> fields = new LinkedHashMap<>();
    udt.fields()
        .forEach((name, fieldType) -> fields.put(name, forType(fieldType, ignoreExtra, instants)));
    return CollectionConversions.udt(
        java.util.Collections.unmodifiableMap(fields), ignoreExtra, cql);
  }
}
