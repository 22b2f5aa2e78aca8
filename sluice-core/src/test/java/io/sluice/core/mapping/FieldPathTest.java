package io.sluice.core.mapping;

import static io.sluice.core.mapping.TestRecords.doc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FieldPathTest {

  private static final Map<String, Object> RECORD =
      doc(
          "name", doc("given", "Ada"),
          "phones", List.of(doc("number", "111"), doc("number", "222")),
          "matrix", List.of(List.of(1, 2), List.of(3, 4)),
          "a.b", doc("c]", "odd"),
          "it's", 1,
          "$set", "dollar");

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "name.given | Ada",
        "phones[0].number | 111",
        "phones[-1].number | 222",
        "matrix[1][0] | 3",
        "['a.b']['c]'] | odd",
        "['it\\'s'] | 1",
        "$set | dollar",
      })
  void should_resolve_nested_and_indexed_paths(String path, String expected) throws Exception {
    Object value = FieldPath.parse(path).resolve(RECORD, null);

    assertThat(String.valueOf(value)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"missing", "name.family", "phones[2].number", "phones[-3]", "missing[0].x"})
  void should_resolve_missing_parts_to_null(String path) throws Exception {
    assertThat(FieldPath.parse(path).resolve(RECORD, null)).isNull();
  }

  @Test
  void should_read_the_exploded_element_through_its_alias() throws Exception {
    FieldPath path = FieldPath.parse("phone.number").bindTo("phone");

    assertThat(path.fromElement()).isTrue();
    assertThat(path.resolve(RECORD, doc("number", "333"))).isEqualTo("333");
    assertThat(FieldPath.parse("phones").bindTo("phone").fromElement()).isFalse();
  }

  @Test
  void should_fail_when_path_goes_into_a_scalar() {
    assertThatThrownBy(() -> FieldPath.parse("name.given.first").resolve(RECORD, null))
        .isInstanceOf(ConversionException.class)
        .hasMessage("'name.given' is a string, not a document");
    assertThatThrownBy(() -> FieldPath.parse("phones[0][1]").resolve(RECORD, null))
        .hasMessage("'phones[0]' is a document, not an array");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "'' | the field path is empty",
        ".a | has an empty name at position 1",
        "a. | has an empty name at position 3",
        "a[1 | needs an array index like [0] at position 2",
        "a[] | needs an array index like [0] at position 2",
        "[0].a | must start with a field name",
        "a]b | needs '.' or '[' at position 2",
      })
  void should_reject_malformed_paths(String path, String problem) {
    assertThatThrownBy(() -> FieldPath.parse(path))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(problem);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"plain | plain", "a.b | ['a.b']", "it's | ['it\\'s']", "x[0] | ['x[0]']"})
  void should_quote_field_names_only_when_needed(String name, String path) throws Exception {
    assertThat(FieldPath.of(name)).isEqualTo(path);
    assertThat(FieldPath.parse(path).resolve(doc(name, 1), null)).isEqualTo(1);
  }
}
