package io.sluice.core.schema;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A CQL data type, as the mapper needs to know it: native types by name, collections, tuples and
 * user-defined types. Built from table metadata by the Cassandra module, or parsed from CQL text
 * with {@link CqlTypeParser}.
 */
public sealed interface CqlType {

  /** The type as CQL writes it, for example {@code frozen<list<text>>}. */
  String toCql();

  /** Whether this is a frozen collection or UDT (or a type that is always frozen, like tuple). */
  default boolean frozen() {
    return false;
  }

  /** A native type: {@code text}, {@code int}, {@code timestamp}, ... */
  record Native(String name) implements CqlType {
    public Native {
      name = name.toLowerCase(Locale.ROOT);
      if (name.equals("varchar")) {
        name = "text";
      }
    }

    @Override
    public String toCql() {
      return name;
    }
  }

  /** {@code list<element>}, frozen or not. */
  record ListType(CqlType element, boolean frozen) implements CqlType {
    @Override
    public String toCql() {
      return wrapFrozen("list<" + element.toCql() + ">", frozen);
    }
  }

  /** {@code set<element>}, frozen or not. */
  record SetType(CqlType element, boolean frozen) implements CqlType {
    @Override
    public String toCql() {
      return wrapFrozen("set<" + element.toCql() + ">", frozen);
    }
  }

  /** {@code map<key, value>}, frozen or not. */
  record MapType(CqlType key, CqlType value, boolean frozen) implements CqlType {
    @Override
    public String toCql() {
      return wrapFrozen("map<" + key.toCql() + ", " + value.toCql() + ">", frozen);
    }
  }

  /** {@code tuple<...>}: always frozen. */
  record TupleType(List<CqlType> components) implements CqlType {
    @Override
    public String toCql() {
      return "frozen<tuple<"
          + components.stream().map(CqlType::toCql).collect(Collectors.joining(", "))
          + ">>";
    }

    @Override
    public boolean frozen() {
      return true;
    }
  }

  /**
   * {@code vector<element, dimension>}: exactly {@code dimension} elements, none null, stored as
   * one cell (so frozen, like a tuple).
   */
  record VectorType(CqlType element, int dimension) implements CqlType {
    public VectorType {
      if (dimension < 1) {
        throw new IllegalArgumentException("a vector has at least one element");
      }
    }

    @Override
    public String toCql() {
      return "vector<" + element.toCql() + ", " + dimension + ">";
    }

    @Override
    public boolean frozen() {
      return true;
    }
  }

  /**
   * A user-defined type with its fields in declaration order. When parsed from text the fields are
   * unknown (empty) until resolved against the keyspace's metadata.
   */
  record UdtType(String name, Map<String, CqlType> fields, boolean frozen) implements CqlType {
    @Override
    public String toCql() {
      return wrapFrozen(CqlIdentifiers.quoteIfNeeded(name), frozen);
    }
  }

  private static String wrapFrozen(String type, boolean frozen) {
    return frozen ? "frozen<" + type + ">" : type;
  }

  static CqlType text() {
    return new Native("text");
  }
}
