package io.sluice.core.mapping;

import java.time.Instant;

/**
 * Reads the common form of an ISO-8601 instant, {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±hh:mm)}, by
 * hand: {@code OffsetDateTime.parse} costs over ten times as much and allocates its parse state per
 * optional section. Only text of exactly that form with every field in range is read here; for
 * anything else (a lowercase {@code t}, no seconds, a leap second, an offset of ±hh or
 * ±hh:mm:ss...) {@link #parseCommonForm} gives null and the caller takes the exact path, which then
 * accepts or rejects the text as it always did.
 */
final class IsoInstants {

  private static final int DAYS_0000_TO_1970 = 719_528;
  private static final int MAX_OFFSET_HOURS = 18;
  private static final int[] FRACTION_SCALE = {
    0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1
  };

  private IsoInstants() {}

  /** The instant written in the common form, or null when the text is not of that form. */
  static Instant parseCommonForm(String text) {
    int length = text.length();
    if (length < 20
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':') {
      return null;
    }
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 2);
    int day = digits(text, 8, 2);
    int hour = digits(text, 11, 2);
    int minute = digits(text, 14, 2);
    int second = digits(text, 17, 2);
    if (year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > lengthOfMonth(year, month)
        || hour < 0
        || hour > 23
        || minute < 0
        || minute > 59
        || second < 0
        || second > 59) {
      return null;
    }
    int position = 19;
    int nanos = 0;
    if (text.charAt(position) == '.') {
      int end = position + 1;
      while (end < length && isDigit(text.charAt(end))) {
        end++;
      }
      int fractionDigits = end - position - 1;
      if (fractionDigits < 1 || fractionDigits > 9) {
        return null;
      }
      nanos = digits(text, position + 1, fractionDigits) * FRACTION_SCALE[fractionDigits];
      position = end;
    }
    int offsetSeconds = offsetSeconds(text, position);
    if (offsetSeconds == Integer.MIN_VALUE) {
      return null;
    }
    long localSeconds = epochDay(year, month, day) * 86_400L + hour * 3_600 + minute * 60 + second;
    return Instant.ofEpochSecond(localSeconds - offsetSeconds, nanos);
  }

  /** The offset that ends the text at {@code position}, or {@link Integer#MIN_VALUE}. */
  private static int offsetSeconds(String text, int position) {
    int remaining = text.length() - position;
    if (remaining == 1 && text.charAt(position) == 'Z') {
      return 0;
    }
    if (remaining != 6 || text.charAt(position + 3) != ':') {
      return Integer.MIN_VALUE;
    }
    char sign = text.charAt(position);
    int hours = digits(text, position + 1, 2);
    int minutes = digits(text, position + 4, 2);
    if ((sign != '+' && sign != '-')
        || hours < 0
        || minutes < 0
        || minutes > 59
        || hours > MAX_OFFSET_HOURS
        || (hours == MAX_OFFSET_HOURS && minutes > 0)) {
      return Integer.MIN_VALUE;
    }
    int seconds = hours * 3_600 + minutes * 60;
    return sign == '-' ? -seconds : seconds;
  }

  /** The value of {@code count} ASCII digits from {@code from}, or -1 when one is not a digit. */
  private static int digits(String text, int from, int count) {
    int value = 0;
    for (int i = from; i < from + count; i++) {
      char c = text.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int lengthOfMonth(int year, int month) {
    return switch (month) {
      case 2 -> isLeapYear(year) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  /** Proleptic Gregorian, as java.time: year 0 is a leap year. */
  private static boolean isLeapYear(int year) {
    return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  }

  /** Days from 1970-01-01, by the same arithmetic as {@code LocalDate.toEpochDay} for year ≥ 0. */
  private static long epochDay(int year, int month, int day) {
    long days = 365L * year + (year + 3) / 4 - (year + 99) / 100 + (year + 399) / 400;
    days += (367 * month - 362) / 12 + day - 1;
    if (month > 2) {
      days -= isLeapYear(year) ? 1 : 2;
    }
    return days - DAYS_0000_TO_1970;
  }
}
