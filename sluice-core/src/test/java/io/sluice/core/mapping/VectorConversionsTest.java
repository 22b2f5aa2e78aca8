package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.schema.CqlTypeParser;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An array becomes a {@code vector} of exactly its dimension, each element converted to the
 * vector's element type; any other array is a reject with its reason.
 */
class VectorConversionsTest {

  private final ValueConverter floats =
      ValueConverter.forType(CqlTypeParser.parse("vector<float, 3>"));

  @Test
  void should_take_numbers_as_written_in_a_json_file() throws Exception {
    assertThat(floats.convert(List.of(0.1, -2L, new BigDecimal("1.25"))))
        .isEqualTo(List.of(0.1f, -2f, 1.25f));
  }

  @Test
  void should_take_a_table_sources_floats_and_keep_minus_zero() throws Exception {
    assertThat(floats.convert(List.of((double) 0.1f, -0.0, (double) Float.MAX_VALUE)))
        .isEqualTo(List.of(0.1f, -0.0f, Float.MAX_VALUE));
  }

  @Test
  void should_refuse_an_array_of_another_length() {
    assertThatThrownBy(() -> floats.convert(List.of(1.0, 2.0)))
        .isInstanceOf(ConversionException.class)
        .hasMessage("cannot convert array to vector<float, 3>, it has 2 elements, not 3");
  }

  @Test
  void should_refuse_an_element_that_is_no_number() {
    assertThatThrownBy(() -> floats.convert(List.of(1.0, "two", 3.0)))
        .isInstanceOf(ConversionException.class)
        .hasMessage("element 1: cannot convert string to float, not a number");
  }

  @Test
  void should_refuse_a_null_element() {
    assertThatThrownBy(() -> floats.convert(Arrays.asList(1.0, null, 3.0)))
        .isInstanceOf(ConversionException.class)
        .hasMessage("element 1 is null, which vector<float, 3> cannot hold");
  }

  @Test
  void should_refuse_a_number_with_more_digits_than_a_float_holds() {
    assertThatThrownBy(() -> floats.convert(List.of(1.0, 0.123456789, 3.0)))
        .isInstanceOf(ConversionException.class)
        .hasMessage("element 1: cannot convert double to float, more digits than a float holds");
  }

  @Test
  void should_refuse_what_is_no_array() {
    assertThatThrownBy(() -> floats.convert("[1, 2, 3]"))
        .isInstanceOf(ConversionException.class)
        .hasMessage("cannot convert string to vector<float, 3>");
  }

  @Test
  void should_convert_the_elements_of_vectors_of_other_types() throws Exception {
    ValueConverter texts = ValueConverter.forType(CqlTypeParser.parse("vector<text, 2>"));
    ValueConverter ints = ValueConverter.forType(CqlTypeParser.parse("vector<int, 2>"));

    assertThat(texts.convert(List.of("a", 1))).isEqualTo(List.of("a", "1"));
    assertThat(ints.convert(List.of(1L, 2.0))).isEqualTo(List.of(1, 2));
    assertThatThrownBy(() -> ints.convert(List.of(1, 2.5)))
        .isInstanceOf(ConversionException.class)
        .hasMessageStartingWith("element 1: cannot convert double to int");
  }
}
