package io.sluice.core.mapping;

import static io.sluice.core.mapping.MapperTest.columns;
import static io.sluice.core.mapping.TestRecords.doc;
import static io.sluice.core.mapping.TestRecords.record;
import static io.sluice.core.mapping.TestTables.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.source.Record;
import io.sluice.core.value.ObjectIdValue;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordFilterTest {

  private static boolean passes(FilterSpec filter, Record record) {
    Mapper mapper =
        Mapper.compile(
            new MappingSpec(columns("id", "_id").columns(), null, List.of(filter)),
            table("id int pk"));
    return !(mapper.map(record) instanceof MapResult.Filtered);
  }

  @Test
  void should_keep_records_whose_field_equals_the_value() {
    FilterSpec active = FilterSpec.equalTo("status", "active");

    assertThat(passes(active, record("_id", 1, "status", "active"))).isTrue();
    assertThat(passes(active, record("_id", 1, "status", "gone"))).isFalse();
    assertThat(passes(active, record("_id", 1))).isFalse();
  }

  @Test
  void should_compare_numbers_by_value_whatever_their_width() {
    FilterSpec five = FilterSpec.equalTo("n", 5);

    assertThat(passes(five, record("_id", 1, "n", 5L))).isTrue();
    assertThat(passes(five, record("_id", 1, "n", 5.0))).isTrue();
    assertThat(passes(five, record("_id", 1, "n", new BigDecimal("5.00")))).isTrue();
    assertThat(passes(five, record("_id", 1, "n", 5.5))).isFalse();
    assertThat(passes(FilterSpec.equalTo("n", 0.1), record("_id", 1, "n", new BigDecimal("0.1"))))
        .isTrue();
  }

  @Test
  void should_compare_strings_with_text_forms() {
    ObjectIdValue id = new ObjectIdValue("5f1d7a3c9b1e8a0012345678");

    assertThat(passes(FilterSpec.equalTo("owner", id.hex()), record("_id", 1, "owner", id)))
        .isTrue();
    assertThat(
            passes(
                FilterSpec.equalTo("at", "1969-07-20T20:17:40Z"),
                record("_id", 1, "at", Instant.parse("1969-07-20T20:17:40Z"))))
        .isTrue();
    assertThat(passes(FilterSpec.equalTo("n", "5"), record("_id", 1, "n", 5))).isTrue();
  }

  @Test
  void should_test_not_equals_in_and_exists() {
    FilterSpec notBanned = new FilterSpec("status", null, "banned", null, null);
    FilterSpec kinds = new FilterSpec("kind", null, null, List.of("a", "b"), null);
    FilterSpec notDeleted = FilterSpec.exists("deletedAt", false);
    FilterSpec hasCity = FilterSpec.exists("address.city", true);

    assertThat(passes(notBanned, record("_id", 1))).isTrue();
    assertThat(passes(notBanned, record("_id", 1, "status", "banned"))).isFalse();
    assertThat(passes(kinds, record("_id", 1, "kind", "b"))).isTrue();
    assertThat(passes(kinds, record("_id", 1, "kind", "c"))).isFalse();
    assertThat(passes(notDeleted, record("_id", 1, "deletedAt", null))).isTrue();
    assertThat(passes(notDeleted, record("_id", 1, "deletedAt", Instant.EPOCH))).isFalse();
    assertThat(passes(hasCity, record("_id", 1, "address", doc("city", "Oslo")))).isTrue();
    assertThat(passes(hasCity, record("_id", 1, "address", "Oslo"))).isFalse();
  }

  @Test
  void should_keep_only_records_meeting_every_condition() {
    Mapper mapper =
        Mapper.compile(
            new MappingSpec(
                columns("id", "_id").columns(),
                null,
                List.of(FilterSpec.equalTo("a", 1), FilterSpec.equalTo("b", 2))),
            table("id int pk"));

    assertThat(mapper.map(record("_id", 1, "a", 1, "b", 2))).isInstanceOf(MapResult.Rows.class);
    assertThat(mapper.map(record("_id", 1, "a", 1, "b", 3))).isInstanceOf(MapResult.Filtered.class);
  }

  @Test
  void should_reject_condition_without_exactly_one_test() {
    assertThatThrownBy(() -> RecordFilter.compile(List.of(new FilterSpec("a", 1, 2, null, null))))
        .isInstanceOf(MappingException.class)
        .hasMessage(
            "Filter condition 1 on 'a' needs exactly one of equals, not-equals, in or exists.");
  }
}
