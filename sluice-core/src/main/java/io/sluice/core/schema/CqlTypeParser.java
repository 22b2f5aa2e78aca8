package io.sluice.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses CQL type text such as {@code frozen<map<text, list<int>>>} into a {@link CqlType}.
 *
 * <p>Accepted: the native types ({@code ascii, bigint, blob, boolean, counter, date, decimal,
 * double, duration, float, inet, int, smallint, text, varchar, time, timestamp, timeuuid, tinyint,
 * uuid, varint}), {@code list<T>}, {@code set<T>}, {@code map<K, V>}, {@code tuple<T, ...>}, {@code
 * vector<T, n>}, {@code frozen<...>} around a collection, tuple or user-defined type, and any other
 * identifier as the name of a user-defined type (its fields are unknown here; the Cassandra module
 * resolves them). Keywords are case-insensitive; unquoted names are lower-cased, double-quoted
 * names keep their case. A keyspace prefix on a type name ({@code ks.address}) is accepted and
 * dropped.
 *
 * <p>As in CQL, a collection or user-defined type nested inside a collection must be frozen, while
 * tuple components are frozen implicitly.
 */
public final class CqlTypeParser {

  private static final Set<String> NATIVE =
      Set.of(
          "ascii",
          "bigint",
          "blob",
          "boolean",
          "counter",
          "date",
          "decimal",
          "double",
          "duration",
          "float",
          "inet",
          "int",
          "smallint",
          "text",
          "varchar",
          "time",
          "timestamp",
          "timeuuid",
          "tinyint",
          "uuid",
          "varint");

  private static final Set<String> PARAMETERIZED =
      Set.of("frozen", "list", "set", "map", "tuple", "vector");

  private final String text;
  private int pos;

  private CqlTypeParser(String text) {
    this.text = text;
  }

  /**
   * Parses one CQL type.
   *
   * @throws IllegalArgumentException with a one-sentence message naming the text and the position
   *     of the problem
   */
  public static CqlType parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("A CQL type is required, but the text is empty.");
    }
    CqlTypeParser parser = new CqlTypeParser(text);
    CqlType type = parser.type(Context.TOP);
    parser.skipSpaces();
    if (parser.pos < text.length()) {
      throw parser.error("unexpected '" + text.substring(parser.pos) + "' after the type");
    }
    return type;
  }

  /**
   * Parses one type. {@code context} says where it sits: at the top, inside a non-frozen collection
   * (where nested collections and UDTs must be frozen explicitly), or inside something frozen (a
   * frozen collection or a tuple, which freezes what it contains implicitly, as CQL does).
   */
  private CqlType type(Context context) {
    int start = skipSpaces();
    String name = identifier();
    String keyword = name.toLowerCase(Locale.ROOT);
    boolean parameterized = peek('<');
    if (quoted(start) || (!parameterized && !PARAMETERIZED.contains(keyword))) {
      if (!parameterized && NATIVE.contains(keyword) && !quoted(start)) {
        return new CqlType.Native(keyword);
      }
      return nested(new CqlType.UdtType(udtName(name, start), Map.of(), false), context);
    }
    if (!parameterized) {
      throw error("'" + name + "' needs its element types in <>");
    }
    expect('<');
    Context inner = context == Context.TOP ? Context.COLLECTION : context;
    CqlType result =
        switch (keyword) {
          case "frozen" -> freeze(type(Context.FROZEN), start);
          case "list" -> nested(new CqlType.ListType(type(inner), false), context);
          case "set" -> nested(new CqlType.SetType(type(inner), false), context);
          case "map" -> {
            CqlType key = type(inner);
            expect(',');
            yield nested(new CqlType.MapType(key, type(inner), false), context);
          }
          case "tuple" -> tuple();
          case "vector" -> vector();
          default ->
              throw errorAt(start, "'" + name + "' is not a collection, tuple or frozen type");
        };
    expect('>');
    return result;
  }

  private enum Context {
    TOP,
    COLLECTION,
    FROZEN
  }

  private CqlType tuple() {
    List<CqlType> components = new ArrayList<>();
    components.add(type(Context.FROZEN));
    while (peek(',')) {
      expect(',');
      components.add(type(Context.FROZEN));
    }
    return new CqlType.TupleType(List.copyOf(components));
  }

  /** The element type and the dimension of a vector, which freezes its element as a tuple does. */
  private CqlType vector() {
    CqlType element = type(Context.FROZEN);
    expect(',');
    int start = skipSpaces();
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos == start) {
      throw error("expected the vector's dimension, a number");
    }
    int dimension;
    try {
      dimension = Integer.parseInt(text.substring(start, pos));
    } catch (NumberFormatException e) {
      throw errorAt(start, "the vector's dimension is too large");
    }
    if (dimension < 1) {
      throw errorAt(start, "a vector has at least one element");
    }
    return new CqlType.VectorType(element, dimension);
  }

  private CqlType freeze(CqlType type, int start) {
    if (type instanceof CqlType.Native) {
      throw errorAt(start, "frozen<> applies only to collections, tuples and user-defined types");
    }
    return frozen(type);
  }

  private CqlType nested(CqlType type, Context context) {
    if (context == Context.FROZEN) {
      return frozen(type);
    }
    if (context == Context.COLLECTION && !type.frozen()) {
      throw error(
          "'"
              + type.toCql()
              + "' inside a collection must be frozen: write frozen<"
              + type.toCql()
              + ">");
    }
    return type;
  }

  private static CqlType frozen(CqlType type) {
    if (type instanceof CqlType.ListType l) {
      return new CqlType.ListType(l.element(), true);
    } else if (type instanceof CqlType.SetType s) {
      return new CqlType.SetType(s.element(), true);
    } else if (type instanceof CqlType.MapType m) {
      return new CqlType.MapType(m.key(), m.value(), true);
    } else if (type instanceof CqlType.UdtType u) {
      return new CqlType.UdtType(u.name(), u.fields(), true);
    }
    return type;
  }

  private String udtName(String name, int start) {
    String result = quoted(start) ? name : name.toLowerCase(Locale.ROOT);
    if (peek('.')) {
      expect('.');
      int nameStart = skipSpaces();
      String typeName = identifier();
      result = quoted(nameStart) ? typeName : typeName.toLowerCase(Locale.ROOT);
    }
    return result;
  }

  private boolean quoted(int start) {
    return start < text.length() && text.charAt(start) == '"';
  }

  private String identifier() {
    int start = skipSpaces();
    if (pos < text.length() && text.charAt(pos) == '"') {
      StringBuilder name = new StringBuilder();
      pos++;
      while (pos < text.length()) {
        char c = text.charAt(pos++);
        if (c == '"') {
          if (pos < text.length() && text.charAt(pos) == '"') {
            name.append('"');
            pos++;
          } else {
            return name.toString();
          }
        } else {
          name.append(c);
        }
      }
      throw errorAt(start, "the quoted name is not closed");
    }
    while (pos < text.length()
        && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    if (pos == start) {
      throw error(pos < text.length() ? "expected a type name" : "the type ends too early");
    }
    return text.substring(start, pos);
  }

  private boolean peek(char c) {
    skipSpaces();
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error(pos < text.length() ? "expected '" + c + "'" : "expected '" + c + "' at the end");
    }
    pos++;
  }

  private int skipSpaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    return pos;
  }

  private IllegalArgumentException error(String problem) {
    return errorAt(pos, problem);
  }

  private IllegalArgumentException errorAt(int at, String problem) {
    return new IllegalArgumentException(
        "Cannot read CQL type '" + text + "': " + problem + " at position " + (at + 1) + ".");
  }
}
