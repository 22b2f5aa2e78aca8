package io.sluice.hbase;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Guesses which of HBase's {@code Bytes} encodings some values are in, for {@code sluice plan}:
 * each value is read as the one encoding it looks most like (printable UTF-8 text; 8 bytes a {@code
 * long}, or a {@code double} when it reads as an ordinary number and not as a small long; 4 bytes
 * an {@code int} or a {@code float} alike; 1 byte of 0, 1 or -1 a {@code boolean}; else raw bytes),
 * and a set of values takes the encoding most of them look like, when it decodes every one of them.
 *
 * @param decoding the encoding guessed
 * @param fitting how many of the values look like it
 * @param seen how many values were seen
 */
record BytesGuess(BytesDecoding decoding, int fitting, int seen) {

  /** Longs and ints of at most this magnitude are read as such, never as a double or a float. */
  private static final long SMALL_LONG = 1L << 53;

  private static final int SMALL_INT = 1 << 24;

  /** The share of the values that look like the encoding guessed, from 0 to 1. */
  double confidence() {
    return seen == 0 ? 0 : fitting / (double) seen;
  }

  /** The guess as a phrase: {@code long (97% of 40 sampled values)}. */
  String describe(String what) {
    return String.format(
        "%s (%d%% of %d sampled %s)",
        decoding.key(), (int) Math.floor(confidence() * 100), seen, what);
  }

  /** The encoding a value's bytes look most like. */
  static BytesDecoding kindOf(byte[] value) {
    if (printable(value)) {
      return BytesDecoding.UTF8;
    }
    ByteBuffer bytes = ByteBuffer.wrap(value);
    return switch (value.length) {
      case Long.BYTES -> {
        long asLong = bytes.getLong();
        yield isSmall(asLong, SMALL_LONG) || !isOrdinary(Double.longBitsToDouble(asLong))
            ? BytesDecoding.LONG
            : BytesDecoding.DOUBLE;
      }
      case Integer.BYTES -> {
        int asInt = bytes.getInt();
        yield isSmall(asInt, SMALL_INT) || !isOrdinary(Float.intBitsToFloat(asInt))
            ? BytesDecoding.INT
            : BytesDecoding.FLOAT;
      }
      case 1 ->
          value[0] == 0 || value[0] == 1 || value[0] == -1
              ? BytesDecoding.BOOLEAN
              : BytesDecoding.RAW;
      default -> BytesDecoding.RAW;
    };
  }

  /**
   * The encoding most of {@code values} look like, among {@code allowed} (in order of preference on
   * a tie), when it decodes every one of them; else {@code fallback}, with the values that look
   * like it.
   */
  static BytesGuess of(List<byte[]> values, List<BytesDecoding> allowed, BytesDecoding fallback) {
    Map<BytesDecoding, Integer> counts = new EnumMap<>(BytesDecoding.class);
    for (byte[] value : values) {
      BytesDecoding kind = kindOf(value);
      counts.merge(allowed.contains(kind) ? kind : fallback, 1, Integer::sum);
    }
    BytesDecoding best = fallback;
    for (BytesDecoding decoding : allowed) {
      if (counts.getOrDefault(decoding, 0) > counts.getOrDefault(best, 0)) {
        best = decoding;
      }
    }
    if (best != fallback && !decodesAll(best, values)) {
      best = fallback;
    }
    int fitting = best == fallback ? values.size() : counts.get(best);
    return new BytesGuess(best, fitting, values.size());
  }

  /** The encoding of cell values: any of HBase's {@code Bytes} encodings, else raw bytes. */
  static BytesGuess ofValues(List<byte[]> values) {
    return of(
        values,
        List.of(
            BytesDecoding.UTF8,
            BytesDecoding.LONG,
            BytesDecoding.INT,
            BytesDecoding.BOOLEAN,
            BytesDecoding.DOUBLE,
            BytesDecoding.FLOAT),
        BytesDecoding.RAW);
  }

  /** The encoding of row keys: text when printable, a long or an int, else raw bytes. */
  static BytesGuess ofKeys(List<byte[]> keys) {
    return of(
        keys,
        List.of(BytesDecoding.UTF8, BytesDecoding.LONG, BytesDecoding.INT),
        BytesDecoding.RAW);
  }

  /** The encoding of qualifiers as map keys or a clustering column: as keys, else hex text. */
  static BytesGuess ofQualifiers(List<byte[]> qualifiers) {
    return of(
        qualifiers,
        List.of(BytesDecoding.UTF8, BytesDecoding.LONG, BytesDecoding.INT),
        BytesDecoding.HEX);
  }

  private static boolean decodesAll(BytesDecoding decoding, List<byte[]> values) {
    for (byte[] value : values) {
      try {
        decoding.decode(value);
      } catch (BytesDecoding.UndecodableException e) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSmall(long value, long bound) {
    return value > -bound && value < bound;
  }

  /** Whether a floating-point value reads as a number a person would store: 0, or 1e-9 to 1e15. */
  private static boolean isOrdinary(double value) {
    double magnitude = Math.abs(value);
    return value == 0 || (magnitude >= 1e-9 && magnitude <= 1e15);
  }

  /** Valid UTF-8 without control characters other than tab and line breaks; empty counts. */
  static boolean printable(byte[] value) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(value))
              .toString();
    } catch (CharacterCodingException e) {
      return false;
    }
    return text.codePoints()
        .allMatch(c -> c == '\t' || c == '\n' || c == '\r' || !Character.isISOControl(c));
  }
}
