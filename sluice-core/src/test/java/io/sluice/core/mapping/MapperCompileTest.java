package io.sluice.core.mapping;

import static io.sluice.core.mapping.MapperTest.columns;
import static io.sluice.core.mapping.TestTables.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapperCompileTest {

  private static final io.sluice.core.schema.TableSchema USERS =
      table("id int pk", "name text", "age int", "tags frozen<list<text>>");

  private static void assertRejected(MappingSpec spec, String message) {
    assertThatThrownBy(() -> Mapper.compile(spec, USERS))
        .isInstanceOf(MappingException.class)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void should_reject_unknown_column_listing_the_table_columns() {
    assertRejected(
        columns("id", "_id", "nickname", "nick"),
        "Column 'nickname' is not in table ks.users, whose columns are id, name, age, tags.");
  }

  @Test
  void should_match_column_names_case_insensitively_like_cql() {
    Mapper mapper = Mapper.compile(columns("ID", "_id", "Name", "name"), USERS);

    assertThat(mapper.columns()).containsExactly("id", "name");
  }

  @Test
  void should_reject_malformed_paths() {
    assertRejected(
        columns("id", "_id", "name", "a..b"),
        "Column 'name': field path 'a..b' has an empty name at position 3.");
    assertRejected(
        columns("id", "_id", "name", "a[x]"),
        "Column 'name': field path 'a[x]' needs an array index like [0] at position 2.");
    assertRejected(
        columns("id", "_id", "name", "['a.b"),
        "Column 'name': field path '['a.b' has an unclosed ['...'].");
  }

  @Test
  void should_reject_primary_key_left_unmapped() {
    assertRejected(
        columns("name", "name"),
        "Primary key column 'id' of table ks.users is not mapped: add it under 'columns:'.");
  }

  @Test
  void should_reject_column_filled_twice() {
    assertRejected(
        columns("id", "_id", "name", "a", "NAME", "b"), "Column 'name' is filled twice.");
  }

  @Test
  void should_reject_column_source_that_is_not_exactly_one() {
    assertRejected(
        columns(
            "id",
            "_id",
            "name",
            new ColumnSpec(
                "a", "b", null, null, null, null, null, null, null, null, null, null, null)),
        "Column 'name' needs exactly one of field, constant, concat, hash, size or position,"
            + " not 2.");
    assertRejected(
        columns(
            "id",
            "_id",
            "name",
            new ColumnSpec(
                null, null, null, null, null, null, null, null, null, null, null, null, null)),
        "Column 'name' needs exactly one of field, constant, concat, hash, size or position,"
            + " not 0.");
  }

  @Test
  void should_reject_declared_type_that_differs_from_the_table() {
    assertRejected(
        columns("id", "_id", "age", ColumnSpec.ofField("age").withType("bigint")),
        "Column 'age' is declared bigint in the mapping, but the table has it as int.");
    assertThat(
            Mapper.compile(
                columns(
                    "id",
                    "_id",
                    "tags",
                    ColumnSpec.ofField("tags").withType("FROZEN<list<varchar>>")),
                USERS))
        .isNotNull();
  }

  @Test
  void should_reject_constant_that_does_not_fit_its_column() {
    assertRejected(
        columns("id", "_id", "age", ColumnSpec.ofConstant("old")),
        "Column 'age': the constant does not fit, cannot convert string to int, not an integer.");
  }

  @Test
  void should_reject_hash_into_a_column_that_is_not_text_or_blob() {
    assertRejected(
        columns("id", ColumnSpec.ofHash(List.of("_id"), null)),
        "Column 'id' is int, but a hash fills text or blob.");
    assertRejected(
        columns("id", "_id", "name", ColumnSpec.ofHash(List.of("_id"), "crc32")),
        "Column 'name': hash algorithm 'crc32' is not one of md5, sha1, sha256, sha512.");
  }

  @Test
  void should_reject_settings_that_do_not_apply() {
    assertRejected(
        columns(
            "id",
            "_id",
            "name",
            new ColumnSpec(
                "a", null, null, "-", null, null, null, null, null, null, null, null, null)),
        "Column 'name' sets a separator, which only concat uses.");
  }

  @Test
  void should_reject_explode_without_alias() {
    assertRejected(
        new MappingSpec(
            columns("id", "_id").columns(), new ExplodeSpec("tags", null, null), List.of()),
        "The explode setting needs 'as': a plain name for the element, such as 'item'.");
  }

  @Test
  void should_reject_empty_mapping() {
    assertRejected(
        MappingSpec.of(Map.of()), "The mapping names no columns: list them under 'columns:'.");
  }
}
