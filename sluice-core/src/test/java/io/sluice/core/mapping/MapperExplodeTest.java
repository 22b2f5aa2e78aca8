package io.sluice.core.mapping;

import static io.sluice.core.mapping.MapperTest.columns;
import static io.sluice.core.mapping.MapperTest.reason;
import static io.sluice.core.mapping.TestRecords.doc;
import static io.sluice.core.mapping.TestRecords.record;
import static io.sluice.core.mapping.TestTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapperExplodeTest {

  private static Mapper phones() {
    MappingSpec columns =
        columns("id", "_id", "name", "name", "number", "phone.number", "kind", "phone.kind");
    return Mapper.compile(
        new MappingSpec(
            columns.columns(), new ExplodeSpec("phones", "phone", "phone_index"), List.of()),
        table("id int pk", "phone_index int ck", "name text", "number text", "kind text"));
  }

  private static List<Map<String, Object>> rows(MapResult result) {
    assertThat(result).isInstanceOf(MapResult.Rows.class);
    return ((MapResult.Rows) result).rows();
  }

  @Test
  void should_make_one_row_per_element_with_its_index() {
    MapResult result =
        phones()
            .map(
                record(
                    "_id",
                    7,
                    "name",
                    "Ada",
                    "phones",
                    List.of(doc("number", "111", "kind", "home"), doc("number", "222"))));

    assertThat(rows(result))
        .containsExactly(row(7, "Ada", "111", "home", 0), row(7, "Ada", "222", null, 1));
  }

  @Test
  void should_make_no_rows_when_array_is_empty_or_missing() {
    assertThat(rows(phones().map(record("_id", 7, "phones", List.of())))).isEmpty();
    assertThat(rows(phones().map(record("_id", 7)))).isEmpty();
  }

  @Test
  void should_fail_when_explode_field_is_not_an_array() {
    assertThat(reason(phones().map(record("_id", 7, "phones", "555-1234"))))
        .isEqualTo("The explode field 'phones' is a string, not an array.");
  }

  @Test
  void should_name_the_element_when_one_fails() {
    MapResult result =
        phones().map(record("_id", 7, "phones", List.of(doc("number", "1"), "555-1234")));

    assertThat(reason(result))
        .isEqualTo(
            "Column 'number' (field 'phone.number') in element 1 of 'phones': 'phone' is a"
                + " string, not a document (value \"555-1234\").");
  }

  @Test
  void should_explode_arrays_of_scalars_by_alias() {
    Mapper mapper =
        Mapper.compile(
            new MappingSpec(
                columns("id", "_id", "tag", "tag").columns(),
                new ExplodeSpec("meta.tags", "tag", null),
                List.of()),
            table("id int pk", "tag text ck"));

    assertThat(rows(mapper.map(record("_id", 1, "meta", doc("tags", List.of("a", "b"))))))
        .containsExactly(Map.of("id", 1, "tag", "a"), Map.of("id", 1, "tag", "b"));
  }

  private static Map<String, Object> row(
      int id, String name, String number, String kind, int index) {
    Map<String, Object> row = new java.util.LinkedHashMap<>();
    row.put("id", id);
    row.put("name", name);
    row.put("number", number);
    row.put("kind", kind);
    row.put("phone_index", index);
    return row;
  }
}
