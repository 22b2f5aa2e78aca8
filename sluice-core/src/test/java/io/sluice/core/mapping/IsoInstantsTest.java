package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.CqlTypeParser;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written reader of the common ISO-8601 form, against the exact path it shortcuts. */
class IsoInstantsTest {

  private static final String NOT_ISO =
      "cannot convert string to timestamp, not an ISO-8601 time with offset like"
          + " 2024-05-01T12:00:00Z";
  private static final String NEAR_MISS_CHARACTERS = "0123456789-+:.TtZz eE/\u0661";

  private static Instant offsetDateTime(String text) {
    return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
  }

  private static Object convert(String text) throws ConversionException {
    return ValueConverter.forType(CqlTypeParser.parse("timestamp")).convert(text);
  }

  @Test
  void should_read_random_instants_in_every_common_shape_as_offset_date_time_does() {
    Random random = new Random(20240305);
    for (int i = 0; i < 20_000; i++) {
      String text = randomCommonForm(random, i % 10, i % 3);

      assertThat(IsoInstants.parseCommonForm(text)).as(text).isEqualTo(offsetDateTime(text));
    }
  }

  @Test
  void should_agree_with_the_exact_path_on_near_misses_of_the_common_form() throws Exception {
    Random random = new Random(7);
    int rejected = 0;
    int readByHand = 0;
    for (int i = 0; i < 20_000; i++) {
      String text = nearMiss(random, randomCommonForm(random, i % 10, i % 3));
      Instant fast = IsoInstants.parseCommonForm(text);
      Instant exact;
      try {
        exact = TimeConversions.exactInstant(text);
      } catch (ConversionException e) {
        assertThat(fast).as(text).isNull();
        rejected++;
        continue;
      }
      if (fast != null) {
        assertThat(fast).as(text).isEqualTo(exact);
        readByHand++;
      }
    }
    assertThat(rejected).as("near misses the exact path rejects").isGreaterThan(5_000);
    assertThat(readByHand).as("near misses still of the common form").isGreaterThan(1_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-02-29T00:00:00Z",
        "2000-02-29T12:00:00Z",
        "0000-02-29T00:00:00Z",
        "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999999Z",
        "2023-12-31T23:59:59+18:00",
        "2024-01-01T00:00:00-18:00",
        "2024-01-01T00:00:00.5+00:00",
        "1969-12-31T23:59:59.999-00:00",
        "1970-01-01T05:30:00.000000001+05:30",
        "2024-03-05T10:11:12.345Z"
      })
  void should_read_edge_cases_of_the_common_form(String text) {
    assertThat(IsoInstants.parseCommonForm(text)).isNotNull().isEqualTo(offsetDateTime(text));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-13-01T00:00:00Z",
        "2024-00-10T00:00:00Z",
        "2024-01-32T00:00:00Z",
        "2024-01-00T00:00:00Z",
        "2024-02-30T00:00:00Z",
        "2023-02-29T00:00:00Z",
        "1900-02-29T00:00:00Z",
        "2024-04-31T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T23:60:00Z",
        "2024-01-01T23:59:60Z",
        "2024-01-01T00:00:00+18:01",
        "2024-01-01T00:00:00-19:00",
        "2024-01-01T00:00:00+01:60",
        "2024-01-01T00:00:00+0100",
        "2024-01-01 00:00:00Z",
        "2024-01-01T00:00:00",
        "2024-01-01T00:00:00.1234567890Z",
        "2024-1-01T00:00:00Z",
        "+2024-01-01T00:00:00Z",
        "2024-01-01T00:00:00Z ",
        "\u0662\u0660\u0662\u0664-01-01T00:00:00Z"
      })
  void should_reject_invalid_text_with_the_same_message_as_before(String text) {
    assertThat(IsoInstants.parseCommonForm(text)).isNull();
    assertThatThrownBy(() -> convert(text))
        .isInstanceOf(ConversionException.class)
        .hasMessage(NOT_ISO);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-01-01t00:00:00Z",
        "2024-01-01T00:00:00z",
        "2024-01-01T00:00Z",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00+01",
        "2024-01-01T00:00:00+01:00:30",
        "+12024-01-01T00:00:00Z",
        "-0001-01-01T00:00:00Z"
      })
  void should_leave_other_forms_to_the_exact_path_which_still_takes_them(String text)
      throws Exception {
    assertThat(IsoInstants.parseCommonForm(text)).isNull();
    assertThat(convert(text)).isEqualTo(offsetDateTime(text));
  }

  @Test
  void should_still_refuse_the_common_form_finer_than_a_millisecond() throws Exception {
    assertThat(convert("2024-03-05T10:11:12.345Z"))
        .isEqualTo(Instant.parse("2024-03-05T10:11:12.345Z"));
    assertThatThrownBy(() -> convert("2024-03-05T10:11:12.3456Z"))
        .isInstanceOf(ConversionException.class)
        .hasMessage(
            "cannot convert date to timestamp, it is finer than a millisecond (set 'truncate:"
                + " millis' on the column to drop the finer part)");
  }

  /**
   * Random local date and time in years 0000-9999, {@code fractionDigits} digits of fraction and an
   * offset: Z, or a random offset within ±18:00 written with + or - by {@code offsetShape}.
   */
  private static String randomCommonForm(Random random, int fractionDigits, int offsetShape) {
    int year = random.nextInt(10_000);
    LocalDate date =
        LocalDate.ofYearDay(year, 1 + random.nextInt(LocalDate.of(year, 1, 1).lengthOfYear()));
    int secondOfDay = random.nextInt(86_400);
    String fraction =
        fractionDigits == 0
            ? ""
            : "."
                + String.format("%09d", random.nextInt(1_000_000_000)).substring(0, fractionDigits);
    int offsetMinutes = random.nextInt(18 * 60 + 1);
    String offset =
        switch (offsetShape) {
          case 0 -> "Z";
          case 1 -> String.format("+%02d:%02d", offsetMinutes / 60, offsetMinutes % 60);
          default -> String.format("-%02d:%02d", offsetMinutes / 60, offsetMinutes % 60);
        };
    return String.format(
            "%04d-%02d-%02dT%02d:%02d:%02d",
            date.getYear(),
            date.getMonthValue(),
            date.getDayOfMonth(),
            secondOfDay / 3600,
            secondOfDay / 60 % 60,
            secondOfDay % 60)
        + fraction
        + offset;
  }

  /** The text with one character replaced, inserted or removed, or one field pushed past 59. */
  private static String nearMiss(Random random, String text) {
    int at = random.nextInt(text.length());
    char c = NEAR_MISS_CHARACTERS.charAt(random.nextInt(NEAR_MISS_CHARACTERS.length()));
    return switch (random.nextInt(4)) {
      case 0 -> text.substring(0, at) + c + text.substring(at + 1);
      case 1 -> text.substring(0, at) + c + text.substring(at);
      case 2 -> text.substring(0, at) + text.substring(at + 1);
      default -> {
        int field = 5 + 3 * random.nextInt(5);
        yield text.substring(0, field) + (random.nextInt(50) + 10) + text.substring(field + 2);
      }
    };
  }
}
