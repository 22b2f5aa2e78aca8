package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyspaceNamesTest {

  @Test
  void should_turn_the_class_name_into_snake_case_with_a_prefix() {
    assertThat(KeyspaceNames.forClass(KeyspaceNamesTest.class))
        .isEqualTo("sluice_it_keyspace_names_test");
  }

  @Test
  void should_keep_acronyms_together() {
    assertThat(KeyspaceNames.forClass(BSONSourceIT.class))
        .isEqualTo("sluice_it_keyspace_names_test_bson_source_it");
  }

  @Test
  void should_name_nested_classes_after_their_outer_class_too() {
    assertThat(KeyspaceNames.forClass(Inner.class))
        .isEqualTo("sluice_it_keyspace_names_test_inner");
  }

  @Test
  void should_cut_long_names_to_48_characters_and_keep_them_distinct() {
    String name =
        KeyspaceNames.forClass(AVeryLongTestClassNameThatKeepsGoingAndGoingAndGoingIT.class);

    assertThat(name).hasSize(48).startsWith("sluice_it_keyspace_names_test_a_very_");
    assertThat(name).matches("[a-z0-9_]+_[0-9a-f]{8}");
  }

  private static class BSONSourceIT {}

  private static class AVeryLongTestClassNameThatKeepsGoingAndGoingAndGoingIT {}

  private class Inner {}
}
