package io.sluice.cli.difftest;

import io.sluice.cli.difftest.ColumnType.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Draws CQL types under Cassandra 5.0's rules: every scalar a table source copies, lists, sets,
 * maps, tuples and user-defined types, frozen or not at the top, always frozen when nested, down to
 * a bounded depth; and for a regular or static column now and then a {@code duration} or a {@code
 * vector} of any scalar. Left out: {@code counter} (a table source refuses counter tables); a
 * duration or vector in the primary key (a duration cannot be one) or nested in another type (a
 * duration cannot be a set's element or a map's key, and a type that holds one cannot be a key).
 */
final class TypeGenerator {

  /** Every scalar type of Cassandra 5.0 that a table source copies. */
  static final List<String> SCALARS =
      List.of(
          "ascii",
          "bigint",
          "blob",
          "boolean",
          "date",
          "decimal",
          "double",
          "float",
          "inet",
          "int",
          "smallint",
          "text",
          "time",
          "timestamp",
          "timeuuid",
          "tinyint",
          "uuid",
          "varchar",
          "varint");

  private static final int MAX_DEPTH = 2;

  /** What a collection, tuple or type drawn at any depth may be (vectors are drawn for columns). */
  private static final List<Kind> COMPLEX =
      List.of(Kind.LIST, Kind.SET, Kind.MAP, Kind.TUPLE, Kind.UDT);

  private final Random random;
  private final String prefix;
  private final List<UserType> types = new ArrayList<>();

  TypeGenerator(Random random, String prefix) {
    this.random = random;
    this.prefix = prefix;
  }

  /** The user-defined types drawn so far, each after the types its fields use. */
  List<UserType> types() {
    return List.copyOf(types);
  }

  /** Draws a new user-defined type of one to four fields, which may use the earlier ones. */
  UserType newType() {
    int count = 1 + random.nextInt(4);
    List<UserType.Field> fields = new ArrayList<>();
    for (int f = 0; f < count; f++) {
      // Now and then a field whose name CQL must quote, as applications name them.
      String name = random.nextInt(8) == 0 ? "\"field" + (char) ('A' + f) + "\"" : "f" + f;
      fields.add(new UserType.Field(name, nested(1)));
    }
    UserType type = new UserType(prefix + "_u" + types.size(), fields);
    types.add(type);
    return type;
  }

  /** A scalar type, any of {@link #SCALARS}. */
  ColumnType scalar() {
    return ColumnType.scalar(SCALARS.get(random.nextInt(SCALARS.size())));
  }

  /**
   * A column outside the primary key: half scalars (a duration among them), half collections,
   * tuples, vectors and types.
   */
  ColumnType cell() {
    int draw = random.nextInt(100);
    if (draw < 5) {
      return ColumnType.scalar("duration");
    }
    if (draw < 50) {
      return scalar();
    }
    if (draw < 58) {
      return ColumnType.vector(scalar(), 1 + random.nextInt(4));
    }
    return complex(0, random.nextBoolean());
  }

  /** A primary key column: mostly scalars, sometimes a frozen collection, tuple or type. */
  ColumnType key() {
    if (random.nextInt(100) < 80) {
      return scalar();
    }
    return complex(0, true);
  }

  /** A type nested in another, {@code depth} levels down: frozen whatever it is. */
  private ColumnType nested(int depth) {
    if (depth >= MAX_DEPTH || random.nextInt(100) < 65) {
      return scalar();
    }
    return complex(depth, true);
  }

  private ColumnType complex(int depth, boolean frozen) {
    Kind kind = COMPLEX.get(random.nextInt(COMPLEX.size()));
    return switch (kind) {
      case LIST, SET -> ColumnType.of(kind, List.of(nested(depth + 1)), frozen);
      case MAP -> ColumnType.of(kind, List.of(nested(depth + 1), nested(depth + 1)), frozen);
      case TUPLE -> {
        List<ColumnType> parts = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
          parts.add(nested(depth + 1));
        }
        yield ColumnType.of(kind, parts, true);
      }
      case UDT -> {
        // An earlier type again, or a new one (whose own fields nest no deeper than a column's).
        UserType type =
            !types.isEmpty() && random.nextBoolean()
                ? types.get(random.nextInt(types.size()))
                : depth == 0 ? newType() : null;
        yield type == null ? scalar() : ColumnType.udt(type, frozen);
      }
      case SCALAR, VECTOR -> scalar();
    };
  }
}
