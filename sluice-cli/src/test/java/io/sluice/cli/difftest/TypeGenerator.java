package io.sluice.cli.difftest;

import io.sluice.cli.difftest.ColumnType.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Draws CQL types under Cassandra 5.0's rules: every scalar a table source copies, lists, sets,
 * maps, tuples and user-defined types, frozen or not at the top, always frozen when nested, down to
 * a bounded depth. Left out: {@code counter} (a table source refuses counter tables), {@code
 * duration} and {@code vector} (refused with a sentence, docs/table-source.md "Not yet").
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

  /** A column outside the primary key: half scalars, half collections, tuples and types. */
  ColumnType cell() {
    if (random.nextInt(100) < 50) {
      return scalar();
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
    Kind kind = Kind.values()[1 + random.nextInt(Kind.values().length - 1)];
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
      case SCALAR -> scalar();
    };
  }
}
