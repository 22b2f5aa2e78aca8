package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.value.BinaryValue;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lists (three-level and legacy two-level), maps, structs and bare repeated fields. */
class ParquetNestedTypesTest {

  static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          """
          message nested {
            optional group tags (LIST) {
              repeated group list { optional binary element (STRING); }
            }
            required group scores (LIST) {
              repeated group list { required int32 element; }
            }
            optional group legacy_numbers (LIST) { repeated int32 array; }
            optional group legacy_names (LIST) {
              repeated group array { required binary name (STRING); }
            }
            optional group legacy_points (LIST) {
              repeated group legacy_points_tuple { required int32 x; }
            }
            optional group legacy_pairs (LIST) {
              repeated group pair { required int32 a; required int32 b; }
            }
            optional group matrix (LIST) {
              repeated group list {
                optional group element (LIST) {
                  repeated group list { optional int32 element; }
                }
              }
            }
            optional group attrs (MAP) {
              repeated group key_value { required binary key (STRING); optional int64 value; }
            }
            optional group by_id (MAP) {
              repeated group key_value {
                required int32 key;
                required group value { required binary name (STRING); }
              }
            }
            optional group by_day (MAP_KEY_VALUE) {
              repeated group map { required int32 key (DATE); optional double value; }
            }
            optional group address {
              required binary city (STRING);
              optional group geo { required double lat; required double lon; }
            }
            repeated int32 bare_numbers;
            repeated group bare_items { required binary sku (STRING); }
            optional group empty_list (LIST) {
              repeated group list { optional int32 element; }
            }
            optional group null_list (LIST) {
              repeated group list { optional int32 element; }
            }
            optional group null_map (MAP) {
              repeated group key_value { required binary key (STRING); optional int32 value; }
            }
            optional group variant (VARIANT(1)) {
              required binary metadata;
              required binary value;
            }
          }
          """);

  @TempDir Path dir;
  Map<String, Object> row;
  Map<String, Object> sparse;

  @BeforeEach
  void writeAndRead() throws IOException {
    Path file = dir.resolve("nested.parquet");
    try (ParquetFixtureWriter writer = ParquetFixtureWriter.create(file, SCHEMA)) {
      writer.write(fullRow(writer.newRow()));
      Group empty = writer.newRow();
      empty.addGroup("scores");
      writer.write(empty);
    }
    List<Map<String, Object>> rows = Reads.rows(file);
    row = rows.get(0);
    sparse = rows.get(1);
  }

  @Test
  void should_read_three_level_lists_keeping_null_elements() {
    assertThat(row.get("tags")).isEqualTo(Arrays.asList("a", null, "c"));
    assertThat(row.get("scores")).isEqualTo(List.of(1, 2));
    assertThat(row.get("matrix"))
        .isEqualTo(List.of(List.of(1, 2), List.of(), Arrays.asList(3, null)));
    assertThat(row.get("empty_list")).isEqualTo(List.of());
  }

  @Test
  void should_read_legacy_two_level_lists_by_the_format_rules() {
    assertThat(row.get("legacy_numbers")).isEqualTo(List.of(7, 8));
    assertThat(row.get("legacy_names")).isEqualTo(List.of(Map.of("name", "x")));
    assertThat(row.get("legacy_points")).isEqualTo(List.of(Map.of("x", 1), Map.of("x", 2)));
    assertThat(row.get("legacy_pairs")).isEqualTo(List.of(Map.of("a", 1, "b", 2)));
  }

  @Test
  void should_read_maps_in_order_with_text_keys() {
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("z", 1L);
    attrs.put("a", null);
    assertThat(row.get("attrs")).isEqualTo(attrs);
    assertThat(((Map<?, ?>) row.get("attrs")).keySet().toString()).isEqualTo("[z, a]");
    assertThat(row.get("by_id")).isEqualTo(Map.of("-5", Map.of("name", "minus five")));
    assertThat(row.get("by_day")).isEqualTo(Map.of("2024-05-01", 0.5));
  }

  @Test
  void should_read_structs_and_bare_repeated_fields() {
    Map<String, Object> address = new LinkedHashMap<>();
    address.put("city", "Paris");
    address.put("geo", Map.of("lat", 48.85, "lon", 2.35));
    assertThat(row.get("address")).isEqualTo(address);
    assertThat(row.get("bare_numbers")).isEqualTo(List.of(4, 5, 6));
    assertThat(row.get("bare_items")).isEqualTo(List.of(Map.of("sku", "A-1")));
  }

  @Test
  void should_read_a_variant_as_its_two_binary_fields_undecoded() {
    assertThat(row.get("variant"))
        .isEqualTo(
            Map.of(
                "metadata", new BinaryValue((byte) 0, new byte[] {1, 0, 0}),
                "value", new BinaryValue((byte) 0, new byte[] {0x0C, 42})));
  }

  @Test
  void should_read_absent_values_as_null_and_absent_repetitions_as_empty_lists() {
    assertThat(row.get("null_list")).isNull();
    assertThat(row.get("null_map")).isNull();
    assertThat(sparse.keySet()).containsExactlyElementsOf(row.keySet());
    assertThat(sparse.get("tags")).isNull();
    assertThat(sparse.get("scores")).isEqualTo(List.of());
    assertThat(sparse.get("address")).isNull();
    assertThat(sparse.get("bare_numbers")).isEqualTo(List.of());
    assertThat(sparse.get("bare_items")).isEqualTo(List.of());
  }

  private static Group fullRow(Group row) {
    Group tags = row.addGroup("tags");
    tags.addGroup("list").append("element", "a");
    tags.addGroup("list");
    tags.addGroup("list").append("element", "c");
    Group scores = row.addGroup("scores");
    scores.addGroup("list").append("element", 1);
    scores.addGroup("list").append("element", 2);
    row.addGroup("legacy_numbers").append("array", 7).append("array", 8);
    row.addGroup("legacy_names").addGroup("array").append("name", "x");
    Group points = row.addGroup("legacy_points");
    points.addGroup("legacy_points_tuple").append("x", 1);
    points.addGroup("legacy_points_tuple").append("x", 2);
    row.addGroup("legacy_pairs").addGroup("pair").append("a", 1).append("b", 2);
    Group matrix = row.addGroup("matrix");
    Group first = matrix.addGroup("list").addGroup("element");
    first.addGroup("list").append("element", 1);
    first.addGroup("list").append("element", 2);
    matrix.addGroup("list").addGroup("element");
    Group third = matrix.addGroup("list").addGroup("element");
    third.addGroup("list").append("element", 3);
    third.addGroup("list");
    Group attrs = row.addGroup("attrs");
    attrs.addGroup("key_value").append("key", "z").append("value", 1L);
    attrs.addGroup("key_value").append("key", "a");
    Group byId = row.addGroup("by_id").addGroup("key_value").append("key", -5);
    byId.addGroup("value").append("name", "minus five");
    row.addGroup("by_day")
        .addGroup("map")
        .append("key", (int) LocalDate.of(2024, 5, 1).toEpochDay())
        .append("value", 0.5);
    Group address = row.addGroup("address").append("city", "Paris");
    address.addGroup("geo").append("lat", 48.85).append("lon", 2.35);
    row.append("bare_numbers", 4).append("bare_numbers", 5).append("bare_numbers", 6);
    row.addGroup("bare_items").append("sku", "A-1");
    row.addGroup("empty_list");
    row.addGroup("variant")
        .append("metadata", Binary.fromConstantByteArray(new byte[] {1, 0, 0}))
        .append("value", Binary.fromConstantByteArray(new byte[] {0x0C, 42}));
    return row;
  }
}
