package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.CqlTypeParser;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one-pass UUID reader, against the regular expression and {@code UUID.fromString}. */
class CanonicalUuidsTest {

  /** What uuid columns accepted before the one-pass reader. */
  private static final Pattern CANONICAL =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private static final String NEAR_MISS_CHARACTERS = "0123456789abcdefABCDEFgG-{} \u0661\uff21";

  @Test
  void should_read_random_uuids_in_any_case_as_uuid_from_string_does() {
    Random random = new Random(36);
    for (int i = 0; i < 20_000; i++) {
      UUID uuid = new UUID(random.nextLong(), random.nextLong());
      String text =
          switch (i % 3) {
            case 0 -> uuid.toString();
            case 1 -> uuid.toString().toUpperCase(Locale.ROOT);
            default -> mixedCase(random, uuid.toString());
          };

      assertThat(CanonicalUuids.parse(text)).as(text).isEqualTo(uuid);
    }
  }

  @Test
  void should_accept_exactly_what_the_regular_expression_accepted() {
    Random random = new Random(8);
    int accepted = 0;
    for (int i = 0; i < 20_000; i++) {
      String text = nearMiss(random, new UUID(random.nextLong(), random.nextLong()).toString());
      UUID parsed = CanonicalUuids.parse(text);

      if (CANONICAL.matcher(text).matches()) {
        assertThat(parsed).as(text).isEqualTo(UUID.fromString(text));
        accepted++;
      } else {
        assertThat(parsed).as(text).isNull();
      }
    }
    assertThat(accepted).isBetween(1_000, 19_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "123e4567e89b12d3a456426614174000",
        "1-1-1-1-1",
        "123e4567-e89b-12d3-a456-42661417400",
        "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567-e89b-12d3-a456-42661417400g",
        "123e4567-e89b-12d3-a456-42661417400G",
        "123e4567e-89b-12d3-a456-426614174000",
        "123e4567-e89b-12d3-a4564-26614174000",
        "123e4567-e89b-12d3+a456-426614174000",
        "{123e4567-e89b-12d3-a456-426614174000}",
        "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
        " 123e4567-e89b-12d3-a456-42661417400",
        "123e4567-e89b-12d3-a456-42661417400\u0661",
        "123e4567-e89b-12d3-a456-42661417400\uff21",
        ""
      })
  void should_reject_what_is_not_canonical_with_the_same_message_as_before(String text) {
    assertThat(CanonicalUuids.parse(text)).isNull();
    assertThatThrownBy(() -> ValueConverter.forType(CqlTypeParser.parse("uuid")).convert(text))
        .isInstanceOf(ConversionException.class)
        .hasMessage("cannot convert string to uuid, not a UUID like 123e4567-e89b-...");
  }

  @Test
  void should_read_the_extremes_and_keep_the_timeuuid_version_check() throws Exception {
    assertThat(CanonicalUuids.parse("00000000-0000-0000-0000-000000000000"))
        .isEqualTo(new UUID(0, 0));
    assertThat(CanonicalUuids.parse("ffffffff-FFFF-ffff-FFFF-ffffffffffff"))
        .isEqualTo(new UUID(-1, -1));
    assertThat(
            ValueConverter.forType(CqlTypeParser.parse("timeuuid"))
                .convert("123E4567-E89B-12D3-A456-426614174000"))
        .isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
    assertThatThrownBy(
            () ->
                ValueConverter.forType(CqlTypeParser.parse("timeuuid"))
                    .convert("3f2504e0-4f89-41d3-9a0c-0305e82c3301"))
        .isInstanceOf(ConversionException.class)
        .hasMessage("cannot convert string to timeuuid, it is a version 4 UUID, not version 1");
  }

  private static String mixedCase(Random random, String text) {
    StringBuilder mixed = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      mixed.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
    }
    return mixed.toString();
  }

  /** The text with one character replaced, inserted or removed. */
  private static String nearMiss(Random random, String text) {
    int at = random.nextInt(text.length());
    char c = NEAR_MISS_CHARACTERS.charAt(random.nextInt(NEAR_MISS_CHARACTERS.length()));
    return switch (random.nextInt(3)) {
      case 0 -> text.substring(0, at) + c + text.substring(at + 1);
      case 1 -> text.substring(0, at) + c + text.substring(at);
      default -> text.substring(0, at) + text.substring(at + 1);
    };
  }
}
