package io.sluice.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CqlTypeParserTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ascii | ascii",
        "BIGINT | bigint",
        "varchar | text",
        "text | text",
        "duration | duration",
        "list<int> | list<int>",
        "set < timeuuid > | set<timeuuid>",
        "map<text,frozen<list<int>>> | map<text, frozen<list<int>>>",
        "frozen<map<text, list<int>>> | frozen<map<text, frozen<list<int>>>>",
        "frozen<list<int>> | frozen<list<int>>",
        "tuple<int, text, list<int>> | frozen<tuple<int, text, frozen<list<int>>>>",
        "frozen<tuple<int>> | frozen<tuple<int>>",
        "address | address",
        "frozen<Address> | frozen<address>",
        "frozen<\"Address\"> | frozen<\"Address\">",
        "list<frozen<ks.address>> | list<frozen<address>>",
        "vector<float, 3> | vector<float, 3>",
        "VECTOR < text , 2 > | vector<text, 2>",
        "vector<list<int>, 2> | vector<frozen<list<int>>, 2>",
        "list<vector<float, 2>> | list<vector<float, 2>>",
      })
  void should_parse_and_write_back_canonical_cql(String text, String cql) {
    assertThat(CqlTypeParser.parse(text).toCql()).isEqualTo(cql);
  }

  @Test
  void should_build_the_type_tree() {
    assertThat(CqlTypeParser.parse("map<text, frozen<set<uuid>>>"))
        .isEqualTo(
            new CqlType.MapType(
                new CqlType.Native("text"),
                new CqlType.SetType(new CqlType.Native("uuid"), true),
                false));
    assertThat(CqlTypeParser.parse("tuple<int, address>"))
        .isEqualTo(
            new CqlType.TupleType(
                List.of(
                    new CqlType.Native("int"), new CqlType.UdtType("address", Map.of(), true))));
  }

  @Test
  void should_read_a_vector_as_its_element_type_and_dimension() {
    assertThat(CqlTypeParser.parse("vector<float, 1536>"))
        .isEqualTo(new CqlType.VectorType(new CqlType.Native("float"), 1536));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "map<text> | expected ','",
        "list<int | expected '>' at the end",
        "list<list<int>> | 'list<int>' inside a collection must be frozen",
        "set<address> | 'address' inside a collection must be frozen",
        "frozen<int> | frozen<> applies only to collections",
        "list | 'list' needs its element types in <>",
        "int<text> | 'int' is not a collection, tuple or frozen type",
        "int text | unexpected 'text' after the type",
        "list<> | expected a type name",
        "\"open | the quoted name is not closed",
        "map<text, | the type ends too early",
        "vector<float> | expected ','",
        "vector<float, x> | expected the vector's dimension, a number",
        "vector<float, 0> | a vector has at least one element",
      })
  void should_reject_malformed_type_text_with_position(String text, String problem) {
    assertThatThrownBy(() -> CqlTypeParser.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot read CQL type '" + text + "': " + problem)
        .hasMessageContaining(" at position ");
  }

  @Test
  void should_reject_empty_text() {
    assertThatThrownBy(() -> CqlTypeParser.parse(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A CQL type is required, but the text is empty.");
  }
}
