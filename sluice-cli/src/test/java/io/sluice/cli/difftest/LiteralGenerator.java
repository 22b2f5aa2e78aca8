package io.sluice.cli.difftest;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Draws values of a {@link ColumnType} as CQL literals, so that every statement of a case can be
 * printed and pasted into cqlsh to reproduce it. Values lean towards the edges a copy can get
 * wrong: extreme numbers, NaN and signed zeros, decimal scales, dates before 1970 and far from it,
 * nanoseconds of a time, IPv6 and IPv4-mapped addresses, text outside the Basic Multilingual Plane,
 * empty strings, blobs and collections.
 */
final class LiteralGenerator {

  private static final List<String> TEXTS =
      List.of("", "a", "O'Brien", "é中😀", "line\nbreak", "ZZ", "\t", "straße", "tab\there");
  private static final List<String> INETS =
      List.of(
          "'127.0.0.1'",
          "'10.1.2.3'",
          "'255.255.255.255'",
          "'::1'",
          "'2001:db8::ff00:42:8329'",
          "'fe80::1'",
          "'::ffff:10.0.0.1'",
          // An IPv4-mapped IPv6 address as such: a literal's text would be stored as IPv4.
          "blobAsInet(0x00000000000000000000ffff0a000001)");

  private final Random random;

  /** Whether the value being drawn is an element, key or value of a collection. */
  private boolean inCollection;

  LiteralGenerator(Random random) {
    this.random = random;
  }

  /** A value of the type; with {@code key}, one a partition key may hold (not empty). */
  String of(ColumnType type, boolean key) {
    return switch (type.kind()) {
      case SCALAR -> scalar(type.scalar(), key);
      case LIST, SET, MAP -> {
        boolean outer = inCollection;
        inCollection = true;
        try {
          yield collection(type);
        } finally {
          inCollection = outer;
        }
      }
      case VECTOR -> {
        // Elements as a collection's (no IPv4-mapped address), and never empty text or blobs.
        boolean outer = inCollection;
        inCollection = true;
        try {
          List<String> elements = new ArrayList<>();
          for (ColumnType element : type.parts()) {
            elements.add(of(element, true));
          }
          yield "[" + String.join(", ", elements) + "]";
        } finally {
          inCollection = outer;
        }
      }
      case TUPLE, UDT -> {
        // A tuple's or type's bytes are kept whole, inside a collection too.
        boolean outer = inCollection;
        inCollection = false;
        try {
          yield composite(type);
        } finally {
          inCollection = outer;
        }
      }
    };
  }

  private String collection(ColumnType type) {
    return switch (type.kind()) {
      case LIST -> "[" + String.join(", ", elements(type.parts().get(0), 3, false)) + "]";
      case SET -> "{" + String.join(", ", elements(type.parts().get(0), 3, true)) + "}";
      default -> {
        List<String> keys = elements(type.parts().get(0), 3, true);
        List<String> entries = new ArrayList<>();
        for (String k : keys) {
          entries.add(k + ": " + of(type.parts().get(1), false));
        }
        yield "{" + String.join(", ", entries) + "}";
      }
    };
  }

  private String composite(ColumnType type) {
    return switch (type.kind()) {
      case TUPLE -> {
        List<String> parts = new ArrayList<>();
        for (ColumnType part : type.parts()) {
          parts.add(random.nextInt(8) == 0 ? "null" : of(part, false));
        }
        yield "(" + String.join(", ", parts) + ")";
      }
      case UDT -> {
        List<String> fields = new ArrayList<>();
        for (UserType.Field field : type.udt().fields()) {
          int draw = random.nextInt(10);
          if (draw == 0) {
            fields.add(field.name() + ": null");
          } else if (draw > 1) {
            fields.add(field.name() + ": " + of(field.type(), false));
          }
        }
        if (fields.isEmpty()) {
          // {} would read as an empty map or set literal, which a type does not take.
          UserType.Field field = type.udt().fields().get(0);
          fields.add(field.name() + ": " + of(field.type(), false));
        }
        yield "{" + String.join(", ", fields) + "}";
      }
      default -> throw new IllegalArgumentException("not a tuple or type: " + type);
    };
  }

  /**
   * A value a clustering column may hold: never an empty map at the top, which Cassandra 5.0.9
   * refuses in a descending clustering column ({@code ClassCastException: MapType cannot be cast to
   * SetType}, the literal {@code {}} taken for a set).
   */
  String clustering(ColumnType type) {
    String value = of(type, false);
    for (int attempt = 0;
        attempt < 20 && type.kind() == ColumnType.Kind.MAP && value.equals("{}");
        attempt++) {
      value = of(type, false);
    }
    return value;
  }

  /**
   * Up to {@code max} elements; for a set or map's keys, distinct as text (Cassandra may still find
   * two equal, {@code 1.0} and {@code 1.00} as decimals, and keep one).
   */
  List<String> elements(ColumnType type, int max, boolean distinct) {
    int count = random.nextInt(max + 1);
    List<String> elements = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < count; i++) {
      String element = of(type, false);
      if (!distinct || seen.add(element)) {
        elements.add(element);
      }
    }
    return elements;
  }

  private String scalar(String type, boolean key) {
    return switch (type) {
      case "ascii" -> quote(ascii(key));
      case "text", "varchar" -> quote(text(key));
      case "bigint" ->
          String.valueOf(edge(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, random.nextLong()));
      case "int" ->
          String.valueOf(edge(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 7, random.nextInt()));
      case "smallint" -> String.valueOf(edge(-32768, 32767, 0, -1, random.nextInt(65536) - 32768));
      case "tinyint" -> String.valueOf(edge(-128, 127, 0, 1, random.nextInt(256) - 128));
      case "varint" -> {
        BigInteger value = new BigInteger(1 + random.nextInt(130), random);
        yield (random.nextBoolean() ? value : value.negate()).toString();
      }
      case "decimal" -> decimal();
      case "double" -> floating(false);
      case "float" -> floating(true);
      case "boolean" -> String.valueOf(random.nextBoolean());
      case "blob" -> blob(key);
      case "date" -> date();
      case "time" -> time();
      case "timestamp" -> timestamp();
      case "uuid" -> new UUID(random.nextLong(), random.nextLong()).toString();
      case "timeuuid" -> timeuuid().toString();
      case "duration" -> duration();
      case "inet" ->
          // Cassandra itself re-encodes the addresses of a collection written as a bound value,
          // which is how copies write them: an IPv4-mapped one becomes IPv4 (docs/table-source.md).
          INETS.get(random.nextInt(INETS.size() - (inCollection ? 1 : 0)));
      default -> throw new IllegalArgumentException("no literal for " + type);
    };
  }

  /** One of four edge values or, as often as all four together, {@code usual}. */
  private <T> T edge(T first, T second, T third, T fourth, T usual) {
    return switch (random.nextInt(8)) {
      case 0 -> first;
      case 1 -> second;
      case 2 -> third;
      case 3 -> fourth;
      default -> usual;
    };
  }

  private String ascii(boolean key) {
    int length = (key ? 1 : 0) + random.nextInt(6);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append((char) (32 + random.nextInt(95)));
    }
    return text.toString();
  }

  private String text(boolean key) {
    String text = TEXTS.get(random.nextInt(TEXTS.size()));
    if (random.nextBoolean()) {
      text = text + random.nextInt(1000);
    }
    return key && text.isEmpty() ? "k" : text;
  }

  private String decimal() {
    BigInteger unscaled = new BigInteger(random.nextInt(100), random);
    if (random.nextBoolean()) {
      unscaled = unscaled.negate();
    }
    // Scales from -5 (written with an exponent) to 20: 1.0 and 1.00 are different values.
    return new BigDecimal(unscaled, random.nextInt(26) - 5).toString();
  }

  private String floating(boolean single) {
    return switch (random.nextInt(10)) {
      case 0 -> "NaN";
      case 1 -> random.nextBoolean() ? "Infinity" : "-Infinity";
      case 2 -> "-0.0";
      case 3 -> single ? Float.toString(Float.MIN_VALUE) : Double.toString(Double.MIN_VALUE);
      case 4 -> single ? Float.toString(-Float.MAX_VALUE) : Double.toString(Double.MAX_VALUE);
      default -> {
        double value = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(20) - 10);
        yield single ? Float.toString((float) value) : Double.toString(value);
      }
    };
  }

  private String blob(boolean key) {
    byte[] bytes = new byte[(key ? 1 : 0) + random.nextInt(6)];
    random.nextBytes(bytes);
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  private String date() {
    if (random.nextInt(6) == 0) {
      // Days as Cassandra counts them (2^31 is 1970-01-01): the far past and future.
      long days = random.nextBoolean() ? 0 : 1L + random.nextInt(Integer.MAX_VALUE);
      return "'" + (random.nextBoolean() ? days : (1L << 32) - 1 - days) + "'";
    }
    return "'" + LocalDate.ofEpochDay(random.nextInt(2_000_000) - 719_000) + "'";
  }

  private String time() {
    long nanos = (long) (random.nextDouble() * 86_400_000_000_000L);
    return String.format(
        "'%02d:%02d:%02d.%09d'",
        nanos / 3_600_000_000_000L,
        nanos / 60_000_000_000L % 60,
        nanos / 1_000_000_000L % 60,
        nanos % 1_000_000_000L);
  }

  private String timestamp() {
    return switch (random.nextInt(8)) {
      case 0 -> "-62135596800000"; // 0001-01-01
      case 1 -> "253402300799999"; // 9999-12-31
      case 2 -> String.valueOf(-random.nextInt(1_000_000_000));
      default -> String.valueOf(1_000_000_000_000L + (long) (random.nextDouble() * 1e12));
    };
  }

  /**
   * A duration: months, days and nanoseconds of one sign, each part at times zero or at its edge,
   * written in the unit form or as ISO-8601.
   */
  private String duration() {
    long months = edge(0L, (long) Integer.MAX_VALUE, 1L, 12L, (long) random.nextInt(1_000));
    long days = edge(0L, (long) Integer.MAX_VALUE, 1L, 31L, (long) random.nextInt(1_000));
    long nanos = edge(0L, Long.MAX_VALUE, 1L, 86_400_000_000_000L, random.nextLong() >>> 20);
    String sign = random.nextInt(4) == 0 ? "-" : "";
    if (random.nextInt(4) == 0) {
      return sign + "P" + months + "M" + days + "DT" + nanos / 1_000_000_000L + "S";
    }
    return sign + months + "mo" + days + "d" + nanos + "ns";
  }

  /** A version 1 UUID: 60 bits of time, a clock sequence and a node, with the right variant. */
  private UUID timeuuid() {
    long time = random.nextLong() & 0x0FFF_FFFF_FFFF_FFFFL;
    long msb =
        ((time & 0xFFFF_FFFFL) << 32)
            | (((time >>> 32) & 0xFFFFL) << 16)
            | 0x1000L
            | ((time >>> 48) & 0x0FFFL);
    long lsb = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
    return new UUID(msb, lsb);
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
