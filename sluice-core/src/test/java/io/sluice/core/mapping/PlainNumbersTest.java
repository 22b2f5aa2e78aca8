package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.CqlTypeParser;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written readers of short number text, against the exact paths they shortcut. */
class PlainNumbersTest {

  private static final String NEAR_MISS_CHARACTERS = "0123456789-+.eE dDxX_\u0661";

  private static Object convert(String type, String text) throws ConversionException {
    return ValueConverter.forType(CqlTypeParser.parse(type)).convert(text);
  }

  /** The value, doubles by their bits so that -0.0 differs from 0.0, or the failure's message. */
  private static String outcome(Callable<Object> conversion) throws Exception {
    try {
      Object value = conversion.call();
      return value instanceof Double d
          ? "double " + Double.doubleToRawLongBits(d) + " (" + d + ")"
          : value.getClass().getSimpleName() + " " + value;
    } catch (ConversionException e) {
      return "fails: " + e.getMessage();
    }
  }

  @Test
  void should_read_integers_of_up_to_18_digits_as_the_exact_path_does() throws Exception {
    Random random = new Random(18);
    for (int i = 0; i < 20_000; i++) {
      String text =
          (random.nextBoolean() ? "-" : "")
              + "0".repeat(random.nextInt(10) == 0 ? random.nextInt(3) : 0)
              + digits(random, 1 + random.nextInt(16));

      assertThat(PlainNumbers.shortInteger(text))
          .as(text)
          .isEqualTo(NumberConversions.exactLong(text, "bigint"));
    }
  }

  @Test
  void should_agree_with_the_exact_path_on_any_integer_like_text() throws Exception {
    Random random = new Random(19);
    for (int i = 0; i < 20_000; i++) {
      String text = nearMiss(random, randomSign(random) + digits(random, random.nextInt(22)));

      assertThat(outcome(() -> convert("bigint", text)))
          .as(text)
          .isEqualTo(outcome(() -> NumberConversions.exactLong(text, "bigint")));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "1000000000000000000",
        "0000000000000000001",
        "+5",
        "",
        "-",
        "1.0",
        "12 ",
        "\u0661\u0662"
      })
  void should_leave_long_or_unusual_integers_to_the_exact_path(String text) throws Exception {
    assertThat(PlainNumbers.shortInteger(text)).isEqualTo(PlainNumbers.NOT_SHORT);
    assertThat(outcome(() -> convert("bigint", text)))
        .isEqualTo(outcome(() -> NumberConversions.exactLong(text, "bigint")));
  }

  @ParameterizedTest(name = "{0} from {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "bigint   | 999999999999999999   | Long 999999999999999999",
        "bigint   | -999999999999999999  | Long -999999999999999999",
        "bigint   | 9223372036854775807  | Long 9223372036854775807",
        "bigint   | -9223372036854775808 | Long -9223372036854775808",
        "bigint   | 9223372036854775808  | fails: cannot convert string to bigint, out of range",
        "bigint   | 99999999999999999999 | fails: cannot convert string to bigint, out of range",
        "int      | -0                   | Integer 0",
        "int      | 007                  | Integer 7",
        "int      | -2147483648          | Integer -2147483648",
        "int      | 2147483648           | fails: cannot convert string to int, out of range",
        "int      | 999999999999999999   | fails: cannot convert string to int, out of range",
        "int      | +5                   | fails: cannot convert string to int, not an integer",
        "int      | 1.0                  | fails: cannot convert string to int, not an integer",
        "int      | \u0661\u0662         | fails: cannot convert string to int, not an integer",
        "smallint | -32768               | Short -32768",
        "smallint | 32768                | fails: cannot convert string to smallint, out of range",
        "tinyint  | -128                 | Byte -128",
        "tinyint  | 128                  | fails: cannot convert string to tinyint, out of range",
      })
  void should_convert_integer_text_as_before(String type, String text, String expected)
      throws Exception {
    assertThat(outcome(() -> convert(type, text))).isEqualTo(expected);
  }

  @Test
  void should_read_decimals_of_up_to_15_digits_as_the_exact_path_does() throws Exception {
    Random random = new Random(15);
    for (int i = 0; i < 20_000; i++) {
      String text = randomShortDecimal(random);

      assertThat(outcome(() -> PlainNumbers.shortDecimal(text)))
          .as(text)
          .isEqualTo(outcome(() -> NumberConversions.exactDouble(text)));
    }
  }

  @Test
  void should_agree_with_the_exact_path_on_any_number_like_text() throws Exception {
    Random random = new Random(16);
    for (int i = 0; i < 20_000; i++) {
      String text =
          random.nextBoolean() ? randomDecimal(random) : nearMiss(random, randomDecimal(random));

      assertThat(outcome(() -> convert("double", text)))
          .as(text)
          .isEqualTo(outcome(() -> NumberConversions.exactDouble(text)));
    }
  }

  /**
   * Java 17's {@code Double.toString} gives a longer decimal than needed for some doubles next to a
   * power of two, so the exact path refuses short decimals there (such as {@code
   * 8.32498966371959E-258}); none lies in the range the fast path reads (2^-73 to 2^49).
   */
  @Test
  void should_agree_with_the_exact_path_next_to_every_power_of_two_it_reads() throws Exception {
    int readByHand = 0;
    for (int power = Double.MIN_EXPONENT; power <= Double.MAX_EXPONENT; power++) {
      BigDecimal twoToThePower = new BigDecimal(Math.scalb(1.0, power));
      for (int digits = 1; digits <= 15; digits++) {
        for (RoundingMode mode : List.of(RoundingMode.FLOOR, RoundingMode.CEILING)) {
          BigDecimal nearby = twoToThePower.round(new MathContext(digits, mode));
          for (String text : List.of(nearby.toString(), nearby.toPlainString())) {
            double fast = PlainNumbers.shortDecimal(text);
            if (!Double.isNaN(fast)) {
              assertThat(outcome(() -> fast))
                  .as(text)
                  .isEqualTo(outcome(() -> NumberConversions.exactDouble(text)));
              readByHand++;
            }
          }
        }
      }
    }
    assertThat(readByHand).isGreaterThan(2_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0.1000000000000001",
        "0.30000000000000004",
        "9007199254740993",
        "1234567890123456",
        "1.0000000000000000",
        "1e15",
        "1e22",
        "2e23",
        "8.32498966371959E-258",
        "1e-23",
        "1e-400",
        "1e400",
        "1e0001",
        "NaN",
        "-Infinity",
        "+1.5",
        "1.5d",
        "0x1p3",
        "1_000",
        " 1",
        ".",
        "-",
        "",
        "1e",
        "e5",
        "1..2",
        "1.2.3",
        "\u0661.\u0665"
      })
  void should_leave_longer_or_unusual_decimals_to_the_exact_path(String text) throws Exception {
    assertThat(PlainNumbers.shortDecimal(text)).isNaN();
    assertThat(outcome(() -> convert("double", text)))
        .isEqualTo(outcome(() -> NumberConversions.exactDouble(text)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "123.45              | 123.45",
        "0.1                 | 0.1",
        "1.                  | 1.0",
        ".5                  | 0.5",
        "-.5                 | -0.5",
        "1.e2                | 100.0",
        "1E-3                | 0.001",
        "1e+3                | 1000.0",
        "007.50              | 7.5",
        "123456789012345     | 123456789012345.0",
        "0.000000123456789012345 | 1.23456789012345E-7",
        "999999999999999e-22 | 9.99999999999999E-8",
        "1e-22               | 1.0E-22",
      })
  void should_read_short_decimals_by_hand(String text, double expected) throws Exception {
    assertThat(PlainNumbers.shortDecimal(text)).isEqualTo(expected);
    assertThat(convert("double", text)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-0", "-0.0", "-.000", "0e5", "-0E-300", "000.000"})
  void should_make_every_zero_positive_as_the_exact_path_does(String text) throws Exception {
    assertThat(Double.doubleToRawLongBits(PlainNumbers.shortDecimal(text))).isZero();
    assertThat(Double.doubleToRawLongBits((Double) convert("double", text))).isZero();
    assertThat(Double.doubleToRawLongBits(NumberConversions.exactDouble(text))).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2e23                | cannot convert string to double, more digits than a double holds",
        "8.32498966371959E-258 | cannot convert string to double, more digits than a double holds",
        "9007199254740993    | cannot convert string to double, more digits than a double holds",
        "0.1000000000000000000001 | cannot convert string to double, more digits than a double"
            + " holds",
        "1e400               | cannot convert string to double, out of range",
        "+1.5                | cannot convert string to double, not a number",
        "1.5d                | cannot convert string to double, not a number",
        "1,5                 | cannot convert string to double, not a number",
      })
  void should_reject_decimals_with_the_same_message_as_before(String text, String message) {
    assertThatThrownBy(() -> convert("double", text))
        .isInstanceOf(ConversionException.class)
        .hasMessage(message);
  }

  private static String digits(Random random, int count) {
    StringBuilder digits = new StringBuilder(count);
    for (int i = 0; i < count; i++) {
      digits.append((char) ('0' + random.nextInt(10)));
    }
    return digits.toString();
  }

  private static String randomSign(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> "-";
      case 1 -> "+";
      default -> "";
    };
  }

  /**
   * A decimal the fast path reads: 1 to 15 significant digits with a value below 10^15 and no finer
   * than 10^-22, written plain (with the point anywhere, leading zeros, either sign) or with an
   * exponent.
   */
  private static String randomShortDecimal(Random random) {
    int count = 1 + random.nextInt(15);
    String significant = (char) ('1' + random.nextInt(9)) + digits(random, count - 1);
    String sign = random.nextBoolean() ? "-" : "";
    if (random.nextInt(4) == 0) {
      int exponent = -22 + random.nextInt(22 + 15 - count + 1);
      return sign + significant + (random.nextBoolean() ? "e" : "E") + exponent;
    }
    int integerDigits = random.nextInt(count + 1);
    String zeros = integerDigits == 0 ? "0".repeat(random.nextInt(6)) : "";
    return sign
        + (integerDigits == 0 && random.nextBoolean() ? "0" : "")
        + significant.substring(0, integerDigits)
        + "."
        + zeros
        + significant.substring(integerDigits);
  }

  /** Number-like text of any length, with or without a point, leading zeros and an exponent. */
  private static String randomDecimal(Random random) {
    String text =
        randomSign(random)
            + "0".repeat(random.nextInt(4) == 0 ? random.nextInt(4) : 0)
            + digits(random, random.nextInt(random.nextBoolean() ? 8 : 20));
    if (random.nextInt(3) > 0) {
      text += "." + digits(random, random.nextInt(random.nextBoolean() ? 6 : 20));
    }
    if (random.nextInt(3) == 0) {
      text += (random.nextBoolean() ? "e" : "E") + randomSign(random);
      text += digits(random, 1 + random.nextInt(random.nextInt(8) == 0 ? 5 : 3));
    }
    return text;
  }

  /** The text with one character replaced, inserted or removed. */
  private static String nearMiss(Random random, String text) {
    int at = random.nextInt(text.length() + 1);
    char c = NEAR_MISS_CHARACTERS.charAt(random.nextInt(NEAR_MISS_CHARACTERS.length()));
    return switch (random.nextInt(3)) {
      case 0 -> text.substring(0, at) + c + text.substring(Math.min(at + 1, text.length()));
      case 1 -> text.substring(0, at) + c + text.substring(at);
      default -> text.substring(0, at) + text.substring(Math.min(at + 1, text.length()));
    };
  }
}
