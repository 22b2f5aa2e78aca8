package io.sluice.core.mapping;

import java.util.Arrays;
import java.util.UUID;

/**
 * Reads UUIDs in the canonical 8-4-4-4-12 form, hex digits of either case, in one pass. It accepts
 * exactly what {@code [0-9a-fA-F]{8}-[0-9a-fA-F]{4}-...-[0-9a-fA-F]{12}} matches: no braces, no
 * {@code urn:uuid:} prefix, none of the shorter forms {@code UUID.fromString} lets through (such as
 * {@code 1-1-1-1-1}).
 */
final class CanonicalUuids {

  private static final int LENGTH = 36;

  /** The value of each ASCII hex digit, -1 for every other ASCII character. */
  private static final byte[] HEX_VALUES = new byte[128];

  static {
    Arrays.fill(HEX_VALUES, (byte) -1);
    for (int i = 0; i < 10; i++) {
      HEX_VALUES['0' + i] = (byte) i;
    }
    for (int i = 0; i < 6; i++) {
      HEX_VALUES['a' + i] = (byte) (10 + i);
      HEX_VALUES['A' + i] = (byte) (10 + i);
    }
  }

  private CanonicalUuids() {}

  /** The UUID the text spells, or null when it is not in the canonical form. */
  static UUID parse(String text) {
    if (text.length() != LENGTH
        || text.charAt(8) != '-'
        || text.charAt(13) != '-'
        || text.charAt(18) != '-'
        || text.charAt(23) != '-') {
      return null;
    }
    long group1 = hex(text, 0, 8);
    long group2 = hex(text, 9, 4);
    long group3 = hex(text, 14, 4);
    long group4 = hex(text, 19, 4);
    long group5 = hex(text, 24, 12);
    if ((group1 | group2 | group3 | group4 | group5) < 0) {
      return null;
    }
    return new UUID(group1 << 32 | group2 << 16 | group3, group4 << 48 | group5);
  }

  /** The value of {@code count} hex digits from {@code from}, or -1 when one is not a hex digit. */
  private static long hex(String text, int from, int count) {
    long value = 0;
    for (int i = from; i < from + count; i++) {
      char c = text.charAt(i);
      int digit = c < HEX_VALUES.length ? HEX_VALUES[c] : -1;
      if (digit < 0) {
        return -1;
      }
      value = value << 4 | digit;
    }
    return value;
  }
}
