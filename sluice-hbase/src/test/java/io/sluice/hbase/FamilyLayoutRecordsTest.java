package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.CellTime;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * A family as a map field and a family exploded into records of their own, on seeded families:
 * random qualifiers, values, timestamps and TTLs (the family's, a cell's own, or none).
 */
class FamilyLayoutRecordsTest {

  private static final byte[] ROW = Bytes.toBytes("r1");
  private static final int FAMILY_TTL_SECONDS = 3_600;
  private static final int SEEDS = 25;

  /** Family {@code t} expires after an hour; {@code d} and {@code w} do not. */
  private static final TableDescriptor TABLE =
      TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("w"))
          .setColumnFamily(
              ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("t"))
                  .setTimeToLive(FAMILY_TTL_SECONDS)
                  .build())
          .build();

  /** A cell as generated, and the time it must carry. */
  private record Generated(Cell cell, String qualifier, long value, CellTime time) {}

  @Test
  void should_make_a_map_family_one_field_whose_entries_keep_their_cells_times() {
    for (int seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      List<Generated> mapped = family(random, "t", 1 + random.nextInt(10));
      Cell column = new KeyValue(ROW, b("d"), b("x"), 1_600_000_000_000L, Bytes.toBytes(-1L));
      List<Cell> cells = new ArrayList<>(List.of(column));
      mapped.forEach(g -> cells.add(g.cell()));
      RowRecords records = records(Map.of("t", FamilyLayout.MAP));

      List<SourceItem> items = records.toItems(Result.create(cells), 3, 0);

      String seedText = "seed " + seed;
      assertThat(items).as(seedText).hasSize(1);
      Record record = (Record) items.get(0);
      Map<?, ?> map = (Map<?, ?>) record.fields().get("t");
      assertThat(new ArrayList<>(map.keySet()))
          .as(seedText)
          .isEqualTo(mapped.stream().map(Generated::qualifier).toList());
      assertThat(new ArrayList<>(map.values()))
          .as(seedText)
          .isEqualTo(mapped.stream().map(Generated::value).toList());
      CellTime time = record.cellTimes().get("t");
      assertThat(time.elements())
          .as(seedText + ": each entry at its cell's time, in the map's order")
          .isEqualTo(mapped.stream().map(Generated::time).toList());
      Generated newest =
          mapped.stream()
              .max((x, y) -> Long.compare(x.time().writetimeMicros(), y.time().writetimeMicros()))
              .orElseThrow();
      assertThat(time.writetimeMicros()).as(seedText).isEqualTo(newest.time().writetimeMicros());
      assertThat(record.fields()).as(seedText).containsEntry("d:x", -1L);
      assertThat(record.cellTimes().get("d:x").writetimeMicros()).isEqualTo(1_600_000_000_000_000L);
      assertThat(record.nextOffset()).isEqualTo(4);
    }
  }

  @Test
  void should_make_each_cell_of_a_rows_family_a_record_with_the_rows_other_fields() {
    for (int seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int count = 1 + random.nextInt(12);
      List<Generated> exploded = family(random, "w", count);
      Cell column = new KeyValue(ROW, b("d"), b("x"), 1_600_000_000_000L, Bytes.toBytes(-1L));
      List<Cell> cells = new ArrayList<>(List.of(column));
      exploded.forEach(g -> cells.add(g.cell()));
      RowRecords records = records(Map.of("w", FamilyLayout.ROWS));

      List<SourceItem> items = records.toItems(Result.create(cells), 7, 0);

      String seedText = "seed " + seed;
      assertThat(items).as(seedText).hasSize(count);
      for (int i = 0; i < count; i++) {
        Record record = (Record) items.get(i);
        Generated cell = exploded.get(i);
        assertThat(record.fields())
            .as(seedText)
            .containsEntry("rowkey", "r1")
            .containsEntry("d:x", -1L)
            .containsEntry("qualifier", cell.qualifier())
            .containsEntry("value", cell.value())
            .containsEntry("timestamp", Instant.ofEpochMilli(cell.time().writetimeMicros() / 1000));
        assertThat(record.cellTimes().get("value")).as(seedText).isEqualTo(cell.time());
        assertThat(record.cellTimes().get("timestamp")).as(seedText).isEqualTo(cell.time());
        assertThat(record.cellTimes()).containsKey("d:x").doesNotContainKey("qualifier");
        assertThat(record.position().offset()).isEqualTo(7 + i);
        assertThat(record.position().id()).isEqualTo("r1");
        assertThat(record.nextOffset()).isEqualTo(8 + i);
        if (i < count - 1) {
          RowPosition after = RowPosition.parse(record.positionAfter());
          assertThat(after.itemsDone()).as(seedText + ": the row partly done").isEqualTo(8 + i);
          assertThat(after.cellsDone()).as(seedText).isEqualTo(i + 1);
          assertThat(after.rowKey()).as(seedText).isEqualTo(ROW);
        } else {
          assertThat(record.positionAfter()).as(seedText + ": the row done").isNull();
        }
      }
    }
  }

  @Test
  void should_leave_out_the_records_a_resumed_row_had_done() {
    for (int seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      int count = 2 + random.nextInt(10);
      List<Cell> cells = new ArrayList<>();
      family(random, "w", count).forEach(g -> cells.add(g.cell()));
      int done = 1 + random.nextInt(count - 1);
      RowRecords records = records(Map.of("w", FamilyLayout.ROWS));

      List<SourceItem> all = records.toItems(Result.create(cells), 0, 0);
      List<SourceItem> rest = records.toItems(Result.create(cells), 0, done);

      assertThat(rest).as("seed " + seed).hasSize(count - done);
      for (int i = 0; i < rest.size(); i++) {
        Record expected = (Record) all.get(done + i);
        Record actual = (Record) rest.get(i);
        assertThat(actual.fields()).isEqualTo(expected.fields());
        assertThat(actual.position()).isEqualTo(expected.position());
        assertThat(actual.positionAfter()).isEqualTo(expected.positionAfter());
      }
    }
  }

  /**
   * A scan of several versions: each version of a rows family's cell is a record, newest first; a
   * column and a map entry take their latest version.
   */
  @Test
  void should_make_each_version_of_a_rows_cell_a_record_and_keep_the_latest_elsewhere() {
    for (int seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(seed);
      List<Cell> cells = new ArrayList<>();
      long newestColumn = versions(random, "d", "x", cells, new ArrayList<>());
      long newestEntry = versions(random, "t", "e", cells, new ArrayList<>());
      List<Long> exploded = new ArrayList<>();
      int qualifiers = 1 + random.nextInt(4);
      for (int q = 0; q < qualifiers; q++) {
        versions(random, "w", "q" + q, cells, exploded);
      }
      RowRecords records = records(Map.of("t", FamilyLayout.MAP, "w", FamilyLayout.ROWS));

      List<SourceItem> items = records.toItems(Result.create(cells), 0, 0);

      String seedText = "seed " + seed;
      assertThat(items)
          .as(seedText)
          .map(item -> ((Record) item).cellTimes().get("value").writetimeMicros() / 1000)
          .isEqualTo(exploded);
      for (SourceItem item : items) {
        Record record = (Record) item;
        assertThat(record.fields()).as(seedText).containsEntry("d:x", newestColumn);
        assertThat(record.fields().get("t")).as(seedText).isEqualTo(Map.of("e", newestEntry));
        assertThat(record.fields().get("timestamp"))
            .isEqualTo(Instant.ofEpochMilli((Long) record.fields().get("value")));
      }
    }
  }

  /**
   * Adds 1 to 3 versions of {@code family:qualifier} to {@code cells}, newest first, each holding
   * its own timestamp as its value; their timestamps to {@code timestamps}. Returns the newest's.
   */
  private static long versions(
      Random random, String family, String qualifier, List<Cell> cells, List<Long> timestamps) {
    long ts = 1_700_000_000_000L + random.nextInt(1_000_000);
    int count = 1 + random.nextInt(3);
    long newest = ts;
    for (int v = 0; v < count; v++) {
      cells.add(new KeyValue(ROW, b(family), b(qualifier), ts, Bytes.toBytes(ts)));
      timestamps.add(ts);
      ts -= 1 + random.nextInt(1_000);
    }
    return newest;
  }

  @Test
  void should_give_no_record_for_a_row_without_cells_in_its_rows_family() {
    Cell column = new KeyValue(ROW, b("d"), b("x"), 1_600_000_000_000L, Bytes.toBytes(-1L));
    RowRecords records = records(Map.of("w", FamilyLayout.ROWS));

    assertThat(records.toItems(Result.create(List.of(column)), 0, 0)).isEmpty();
  }

  @Test
  void should_reject_the_whole_row_once_when_a_cell_of_its_rows_family_does_not_decode() {
    Cell good = new KeyValue(ROW, b("w"), b("a"), 1_600_000_000_000L, Bytes.toBytes(1L));
    Cell bad = new KeyValue(ROW, b("w"), b("b"), 1_600_000_000_000L, new byte[3]);
    RowRecords records = records(Map.of("w", FamilyLayout.ROWS));

    List<SourceItem> items = records.toItems(Result.create(List.of(good, bad)), 5, 0);

    assertThat(items).hasSize(1);
    MalformedRecord reject = (MalformedRecord) items.get(0);
    assertThat(reject.reason()).isEqualTo("cell w:b holds 3 bytes, not the 8 of a long");
    assertThat(reject.nextOffset()).isEqualTo(6);
  }

  @Test
  void should_decode_qualifiers_as_the_options_say() {
    Cell cell = new KeyValue(ROW, b("w"), Bytes.toBytes(42L), 1_600_000_000_000L, b("v"));
    RowRecords records =
        new RowRecords(
            "t/r",
            TABLE,
            BytesDecoding.UTF8,
            BytesDecoding.UTF8,
            Map.of(),
            Map.of("w", FamilyLayout.MAP),
            BytesDecoding.LONG);

    Record record = (Record) records.toItems(Result.create(List.of(cell)), 0, 0).get(0);

    assertThat(record.fields().get("w")).isEqualTo(Map.of(42L, "v"));
  }

  private static RowRecords records(Map<String, FamilyLayout> layouts) {
    return new RowRecords(
        "t/r",
        TABLE,
        BytesDecoding.UTF8,
        BytesDecoding.LONG,
        Map.of(),
        layouts,
        BytesDecoding.UTF8);
  }

  /**
   * {@code count} cells of {@code family}, in HBase's order (by qualifier): random qualifiers,
   * values and timestamps; in family {@code t} each expires by the family's TTL, or its own when
   * that is shorter; elsewhere a third have a TTL of their own.
   */
  private static List<Generated> family(Random random, String family, int count) {
    TreeMap<String, Long> qualifiers = new TreeMap<>();
    while (qualifiers.size() < count) {
      qualifiers.put("q" + random.nextInt(1_000_000), random.nextLong());
    }
    List<Generated> cells = new ArrayList<>();
    qualifiers.forEach(
        (qualifier, value) -> {
          long ts = 1_700_000_000_000L + random.nextInt(1_000_000_000);
          long ownTtlMillis = random.nextInt(3) == 0 ? 1 + random.nextInt(7_200_000) : 0;
          Tag[] tags =
              ownTtlMillis == 0
                  ? new Tag[0]
                  : new Tag[] {
                    new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(ownTtlMillis))
                  };
          Cell cell = new KeyValue(ROW, b(family), b(qualifier), ts, Bytes.toBytes(value), tags);
          long ttlMillis = family.equals("t") ? FAMILY_TTL_SECONDS * 1000L : Long.MAX_VALUE;
          if (ownTtlMillis > 0) {
            ttlMillis = Math.min(ttlMillis, ownTtlMillis);
          }
          long expires = ttlMillis == Long.MAX_VALUE ? 0 : (ts + ttlMillis) / 1000;
          cells.add(
              new Generated(cell, qualifier, value, new CellTime(ts * 1000, expires, List.of())));
        });
    return cells;
  }

  private static byte[] b(String text) {
    return Bytes.toBytes(text);
  }
}
