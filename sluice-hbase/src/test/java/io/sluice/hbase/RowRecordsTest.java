package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.CellTime;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.value.BinaryValue;
import java.util.List;
import java.util.Map;
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

class RowRecordsTest {

  private static final long TS = 1_700_000_000_123L;
  private static final byte[] ROW = Bytes.toBytes("r1");

  private static final TableDescriptor TABLE =
      TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
          .setColumnFamily(
              ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("t"))
                  .setTimeToLive(3_600)
                  .build())
          .build();

  @Test
  void should_give_each_cell_its_timestamp_and_earliest_expiry() {
    Cell plain = new KeyValue(ROW, Bytes.toBytes("d"), Bytes.toBytes("a"), TS, Bytes.toBytes(7L));
    Cell ownTtl =
        new KeyValue(
            ROW,
            Bytes.toBytes("d"),
            Bytes.toBytes("b"),
            TS,
            Bytes.toBytes(8L),
            new Tag[] {new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(60_000L))});
    Cell familyTtl =
        new KeyValue(ROW, Bytes.toBytes("t"), Bytes.toBytes("c"), TS, Bytes.toBytes(9L));
    RowRecords records =
        new RowRecords(
            "t/r",
            TABLE,
            BytesDecoding.UTF8,
            BytesDecoding.LONG,
            Map.of(),
            Map.of(),
            BytesDecoding.UTF8);

    SourceItem item =
        records.toItems(Result.create(List.of(plain, ownTtl, familyTtl)), 4, 0).get(0);

    Record record = (Record) item;
    assertThat(record.fields())
        .containsExactly(
            entry("rowkey", "r1"), entry("d:a", 7L), entry("d:b", 8L), entry("t:c", 9L));
    assertThat(record.cellTimes().get("d:a")).isEqualTo(new CellTime(TS * 1000, 0, List.of()));
    assertThat(record.cellTimes().get("d:b").expiresAtSecond()).isEqualTo((TS + 60_000) / 1000);
    assertThat(record.cellTimes().get("t:c").expiresAtSecond()).isEqualTo((TS + 3_600_000) / 1000);
    assertThat(record.position().id()).isEqualTo("r1");
    assertThat(record.position().offset()).isEqualTo(4);
    assertThat(record.nextOffset()).isEqualTo(5);
  }

  @Test
  void should_reject_a_row_whose_value_does_not_decode() {
    Cell shortLong = new KeyValue(ROW, Bytes.toBytes("d"), Bytes.toBytes("q"), TS, new byte[3]);
    RowRecords records =
        new RowRecords(
            "t/r",
            TABLE,
            BytesDecoding.RAW,
            BytesDecoding.LONG,
            Map.of(),
            Map.of(),
            BytesDecoding.UTF8);

    SourceItem item = records.toItems(Result.create(List.of(shortLong)), 0, 0).get(0);

    assertThat(item).isInstanceOf(MalformedRecord.class);
    assertThat(((MalformedRecord) item).reason())
        .isEqualTo("cell d:q holds 3 bytes, not the 8 of a long");
    assertThat(item.position().id()).isEqualTo("r1");
  }

  @Test
  void should_keep_a_raw_row_key_as_bytes() {
    Cell cell = new KeyValue(ROW, Bytes.toBytes("d"), Bytes.toBytes("a"), TS, new byte[] {1});
    RowRecords records =
        new RowRecords(
            "t/r",
            TABLE,
            BytesDecoding.RAW,
            BytesDecoding.RAW,
            Map.of(),
            Map.of(),
            BytesDecoding.UTF8);

    Record record = (Record) records.toItems(Result.create(List.of(cell)), 0, 0).get(0);

    assertThat(record.fields().get("rowkey")).isEqualTo(new BinaryValue((byte) 0, ROW));
    assertThat(record.fields().get("d:a")).isEqualTo(new BinaryValue((byte) 0, new byte[] {1}));
  }

  @Test
  void should_decode_the_columns_named_their_own_way() {
    Cell text =
        new KeyValue(ROW, Bytes.toBytes("d"), Bytes.toBytes("name"), TS, Bytes.toBytes("Ann"));
    Cell count = new KeyValue(ROW, Bytes.toBytes("d"), Bytes.toBytes("qty"), TS, Bytes.toBytes(3));
    RowRecords records =
        new RowRecords(
            "t/r",
            TABLE,
            BytesDecoding.UTF8,
            BytesDecoding.UTF8,
            Map.of("d:qty", BytesDecoding.INT),
            Map.of(),
            BytesDecoding.UTF8);

    Record record = (Record) records.toItems(Result.create(List.of(text, count)), 0, 0).get(0);

    assertThat(record.fields()).containsEntry("d:name", "Ann").containsEntry("d:qty", 3);
  }

  private static java.util.Map.Entry<String, Object> entry(String key, Object value) {
    return java.util.Map.entry(key, value);
  }
}
