package io.sluice.core.mapping;

import static io.sluice.core.mapping.MapperTest.columns;
import static io.sluice.core.mapping.TestRecords.doc;
import static io.sluice.core.mapping.TestTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.schema.TableSchema;
import io.sluice.core.source.CellTime;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourcePosition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellTimeMappingTest {

  /** When the cells of this test were read from their source. */
  private static final long READ_AT = System.currentTimeMillis();

  private static final CellTime NAME_TIME = CellTime.read(1_700_000_000_000_000L, 0, READ_AT);
  private static final CellTime CITY_TIME = CellTime.read(1_700_000_500_000_000L, 3_600, READ_AT);

  private static Record timed(Map<String, Object> fields, Map<String, CellTime> times) {
    return new Record(new SourcePosition("table", 0, null), fields, 0, 1, times);
  }

  @Test
  void should_carry_each_fields_cell_time_to_the_column_read_from_it() {
    TableSchema table = table("id text pk", "full_name text", "town text", "origin text");
    Mapper mapper =
        Mapper.compile(
            columns(
                "id", "id",
                "full_name", "name",
                "town", "address.city",
                "origin", ColumnSpec.ofConstant("legacy")),
            table);
    Record record =
        timed(
            doc("id", "p1", "name", "Ada", "address", doc("city", "London")),
            Map.of("id", NAME_TIME, "name", NAME_TIME, "address", CITY_TIME));

    MapResult.Rows rows = (MapResult.Rows) mapper.map(record);

    assertThat(rows.cellTimes())
        .as("the key has no cell time, a constant none of its own")
        .containsOnly(Map.entry("full_name", NAME_TIME), Map.entry("town", CITY_TIME));
  }

  @Test
  void should_leave_columns_of_combined_fields_to_the_row_timestamp() {
    TableSchema table = table("id text pk", "label text");
    Mapper mapper =
        Mapper.compile(
            columns("id", "id", "label", ColumnSpec.ofConcat(List.of("a", "b"), "-")), table);
    Record record =
        timed(doc("id", "p1", "a", "x", "b", "y"), Map.of("a", NAME_TIME, "b", CITY_TIME));

    assertThat(((MapResult.Rows) mapper.map(record)).cellTimes()).isEmpty();
  }

  @Test
  void should_give_no_cell_times_for_records_without_them() {
    TableSchema table = table("id text pk", "full_name text");
    Mapper mapper = Mapper.compile(columns("id", "id", "full_name", "name"), table);

    MapResult result = mapper.map(TestRecords.record("id", "p1", "name", "Ada"));

    assertThat(((MapResult.Rows) result).cellTimes()).isEmpty();
  }
}
