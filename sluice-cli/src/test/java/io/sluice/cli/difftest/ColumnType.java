package io.sluice.cli.difftest;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A CQL type the generator drew: a scalar, a collection, a tuple, a vector or a user-defined type,
 * frozen or not. Types nested in another are always frozen, as Cassandra requires of a collection
 * or a user-defined type inside a collection, a tuple or a type's field.
 *
 * @param kind what the type is
 * @param scalar the scalar's name ({@code int}, {@code text}...), for {@link Kind#SCALAR} only
 * @param parts the element type of a list or set, the key and value types of a map, the components
 *     of a tuple, a vector's element type once per element (its dimension); empty otherwise
 * @param udt the user-defined type, for {@link Kind#UDT} only
 * @param frozen whether a collection or user-defined type is one cell (tuples always are)
 */
public record ColumnType(
    Kind kind, String scalar, List<ColumnType> parts, UserType udt, boolean frozen) {

  /** What a type is. */
  public enum Kind {
    SCALAR,
    LIST,
    SET,
    MAP,
    TUPLE,
    VECTOR,
    UDT
  }

  public ColumnType {
    parts = List.copyOf(parts);
  }

  static ColumnType scalar(String name) {
    return new ColumnType(Kind.SCALAR, name, List.of(), null, true);
  }

  static ColumnType of(Kind kind, List<ColumnType> parts, boolean frozen) {
    return new ColumnType(kind, null, parts, null, frozen || kind == Kind.TUPLE);
  }

  /** {@code vector<element, dimension>}: one cell, as a tuple is. */
  static ColumnType vector(ColumnType element, int dimension) {
    return new ColumnType(
        Kind.VECTOR, null, java.util.Collections.nCopies(dimension, element), null, true);
  }

  static ColumnType udt(UserType udt, boolean frozen) {
    return new ColumnType(Kind.UDT, null, List.of(), udt, frozen);
  }

  /**
   * Whether Cassandra stores the value as several cells, each with its own write time and TTL: a
   * non-frozen collection or user-defined type.
   */
  public boolean multiCell() {
    return !frozen && kind != Kind.SCALAR && kind != Kind.TUPLE && kind != Kind.VECTOR;
  }

  /** The type as a column or field definition writes it. */
  public String cql() {
    String inner =
        switch (kind) {
          case SCALAR -> scalar;
          case LIST -> "list<" + parts.get(0).cql() + ">";
          case SET -> "set<" + parts.get(0).cql() + ">";
          case MAP -> "map<" + parts.get(0).cql() + ", " + parts.get(1).cql() + ">";
          case TUPLE ->
              "tuple<"
                  + parts.stream().map(ColumnType::cql).collect(Collectors.joining(", "))
                  + ">";
          case VECTOR -> "vector<" + parts.get(0).cql() + ", " + parts.size() + ">";
          case UDT -> udt.name();
        };
    return frozen && kind != Kind.SCALAR && kind != Kind.TUPLE && kind != Kind.VECTOR
        ? "frozen<" + inner + ">"
        : inner;
  }

  /** Whether the type is, or holds, a scalar of the given name. */
  public boolean contains(String name) {
    return switch (kind) {
      case SCALAR -> scalar.equals(name);
      case UDT -> udt.fields().stream().anyMatch(f -> f.type().contains(name));
      default -> parts.stream().anyMatch(p -> p.contains(name));
    };
  }
}
