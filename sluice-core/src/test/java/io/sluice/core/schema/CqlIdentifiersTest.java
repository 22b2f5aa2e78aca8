package io.sluice.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CqlIdentifiersTest {

  @Test
  void should_quote_the_boolean_literals_and_the_reserved_words_of_cassandra_5() {
    assertThat(CqlIdentifiers.quoteIfNeeded("true")).isEqualTo("\"true\"");
    assertThat(CqlIdentifiers.quoteIfNeeded("false")).isEqualTo("\"false\"");
    assertThat(CqlIdentifiers.quoteIfNeeded("is")).isEqualTo("\"is\"");
    assertThat(CqlIdentifiers.quoteIfNeeded("materialized")).isEqualTo("\"materialized\"");
    assertThat(CqlIdentifiers.quoteIfNeeded("select")).isEqualTo("\"select\"");
  }

  @Test
  void should_leave_plain_names_and_unreserved_keywords_as_they_are() {
    assertThat(CqlIdentifiers.quoteIfNeeded("users")).isEqualTo("users");
    assertThat(CqlIdentifiers.quoteIfNeeded("date")).isEqualTo("date");
    assertThat(CqlIdentifiers.quoteIfNeeded("first_name")).isEqualTo("first_name");
  }

  @Test
  void should_quote_names_that_are_not_plain_lower_case_words() {
    assertThat(CqlIdentifiers.quoteIfNeeded("firstName")).isEqualTo("\"firstName\"");
    assertThat(CqlIdentifiers.quoteIfNeeded("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
  }
}
