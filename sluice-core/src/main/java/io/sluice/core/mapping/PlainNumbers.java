package io.sluice.core.mapping;

/**
 * Reads the common short forms of number text by hand, without the regular expression and the
 * {@code BigDecimal}s of the exact path in {@link NumberConversions}. Each method answers only for
 * text it can read with the exact path's result; for anything else it returns a sentinel and the
 * caller takes the exact path.
 */
final class PlainNumbers {

  /** What {@link #shortInteger} returns for text it leaves to the exact path. */
  static final long NOT_SHORT = Long.MIN_VALUE;

  /** Below 10^18, so no sum of 18 digits overflows. */
  private static final int MAX_INTEGER_DIGITS = 18;

  /** 15 decimal digits read back unchanged through a double (DBL_DIG). */
  private static final int MAX_SIGNIFICANT_DIGITS = 15;

  /** 10^22 is the largest power of ten a double holds exactly. */
  private static final double[] POWERS_OF_TEN = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22
  };

  private PlainNumbers() {}

  /**
   * The value of {@code -?[0-9]{1,18}}, or {@link #NOT_SHORT} for any other text (a sign {@code +},
   * more digits, anything but ASCII digits: {@code Long.parseLong} would take Unicode digits and
   * the {@code +} the exact path refuses).
   */
  static long shortInteger(String text) {
    int length = text.length();
    int start = length > 0 && text.charAt(0) == '-' ? 1 : 0;
    if (length == start || length - start > MAX_INTEGER_DIGITS) {
      return NOT_SHORT;
    }
    long value = 0;
    for (int i = start; i < length; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return NOT_SHORT;
      }
      value = value * 10 + (c - '0');
    }
    return start == 1 ? -value : value;
  }

  /**
   * The double of a plain decimal ({@code -?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?}) of
   * at most 15 significant digits (trailing zeros count), below 10^15 in magnitude and with no
   * digit finer than 10^-22, or NaN for any other text.
   *
   * <p>Why this is the exact path's result: the digits, as a long below 2^53, and a power of ten up
   * to 10^22 are both exact doubles, so one multiplication or division rounds correctly; it is the
   * very operation {@code BigDecimal.doubleValue} does for such a decimal. The exact path then
   * accepts the double when {@code Double.toString} reads back as the same decimal. Two decimals of
   * at most 15 digits never round to the same double, so this decimal is the double's shortest one;
   * but Java 17's {@code Double.toString} does not always find the shortest: it misses a decimal
   * lying exactly halfway between two doubles (none does below 2^53; {@code 2e23} fails on the
   * exact path) and some next to a power of two (none between 2^-73 and 2^49, as {@code
   * PlainNumbersTest} checks; {@code 8.32498966371959E-258} fails). Such text stays on the exact
   * path. Zero is +0.0 whatever its sign, as on the exact path.
   */
  static double shortDecimal(String text) {
    int length = text.length();
    int position = length > 0 && text.charAt(0) == '-' ? 1 : 0;
    boolean negative = position == 1;
    long digits = 0;
    int significantDigits = 0;
    int digitCount = 0;
    int fractionDigits = 0;
    boolean point = false;
    for (; position < length; position++) {
      char c = text.charAt(position);
      if (c >= '0' && c <= '9') {
        digitCount++;
        if (point) {
          fractionDigits++;
        }
        if (significantDigits > 0 || c != '0') {
          if (++significantDigits > MAX_SIGNIFICANT_DIGITS) {
            return Double.NaN;
          }
          digits = digits * 10 + (c - '0');
        }
      } else if (c == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    if (digitCount == 0) {
      return Double.NaN;
    }
    int exponent = 0;
    if (position < length) {
      exponent = exponent(text, position);
      if (exponent == Integer.MIN_VALUE) {
        return Double.NaN;
      }
    }
    if (digits == 0) {
      return 0.0;
    }
    int scale = exponent - fractionDigits;
    if (scale < -22 || significantDigits + scale > MAX_SIGNIFICANT_DIGITS) {
      return Double.NaN;
    }
    double magnitude = scale >= 0 ? digits * POWERS_OF_TEN[scale] : digits / POWERS_OF_TEN[-scale];
    return negative ? -magnitude : magnitude;
  }

  /**
   * The exponent {@code [eE][+-]?[0-9]{1,3}} that ends the text at {@code position}, or {@link
   * Integer#MIN_VALUE}.
   */
  private static int exponent(String text, int position) {
    int length = text.length();
    char marker = text.charAt(position++);
    if (marker != 'e' && marker != 'E') {
      return Integer.MIN_VALUE;
    }
    boolean negative = false;
    if (position < length && (text.charAt(position) == '+' || text.charAt(position) == '-')) {
      negative = text.charAt(position++) == '-';
    }
    if (position == length || length - position > 3) {
      return Integer.MIN_VALUE;
    }
    int value = 0;
    for (; position < length; position++) {
      char c = text.charAt(position);
      if (c < '0' || c > '9') {
        return Integer.MIN_VALUE;
      }
      value = value * 10 + (c - '0');
    }
    return negative ? -value : value;
  }
}
