package io.sluice.formats.text;

/**
 * Strict UTF-8 validation, as the Unicode standard defines well-formed UTF-8 (its table 3-7): no
 * overlong form (such as {@code C0 AF} for {@code /}), no encoded surrogate ({@code ED A0 80}), no
 * code point past U+10FFFF ({@code F4 90 ...} and above), no missing or stray continuation byte. A
 * JSON parser reading bytes is more lenient than that, and would turn such bytes into other text
 * silently.
 */
final class Utf8Check {

  private Utf8Check() {}

  /**
   * The offset of the first byte of {@code bytes[from, from + length)} not in well-formed UTF-8.
   */
  static int firstInvalid(byte[] bytes, int from, int length) {
    int end = from + length;
    int i = from;
    while (i < end) {
      int b = bytes[i] & 0xFF;
      if (b < 0x80) {
        i++;
        continue;
      }
      int size;
      int secondLow = 0x80;
      int secondHigh = 0xBF;
      if (b >= 0xC2 && b <= 0xDF) {
        size = 2;
      } else if (b >= 0xE0 && b <= 0xEF) {
        size = 3;
        if (b == 0xE0) {
          secondLow = 0xA0;
        } else if (b == 0xED) {
          secondHigh = 0x9F;
        }
      } else if (b >= 0xF0 && b <= 0xF4) {
        size = 4;
        if (b == 0xF0) {
          secondLow = 0x90;
        } else if (b == 0xF4) {
          secondHigh = 0x8F;
        }
      } else {
        return i;
      }
      if (i + size > end) {
        return i;
      }
      int second = bytes[i + 1] & 0xFF;
      if (second < secondLow || second > secondHigh) {
        return i;
      }
      for (int k = 2; k < size; k++) {
        if ((bytes[i + k] & 0xC0) != 0x80) {
          return i;
        }
      }
      i += size;
    }
    return -1;
  }
}
