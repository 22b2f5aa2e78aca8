package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class CellColumnsTest {

  private static final byte[] ROW = Bytes.toBytes("r");

  /** Describes a column by its bytes, counting how often it was asked to. */
  private static CellColumns counting(AtomicInteger described) {
    return new CellColumns(
        cell -> {
          described.incrementAndGet();
          String family =
              Bytes.toStringBinary(
                  cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength());
          String name =
              family
                  + ":"
                  + Bytes.toStringBinary(
                      cell.getQualifierArray(),
                      cell.getQualifierOffset(),
                      cell.getQualifierLength());
          return new CellColumns.Column(
              CellUtil.cloneFamily(cell),
              CellUtil.cloneQualifier(cell),
              family,
              name,
              FamilyLayout.COLUMNS,
              BytesDecoding.RAW,
              Long.MAX_VALUE);
        });
  }

  private static Cell cell(byte[] family, byte[] qualifier, String value) {
    return new KeyValue(ROW, family, qualifier, 1L, Bytes.toBytes(value));
  }

  @Test
  void should_describe_a_column_once_and_find_it_from_any_of_its_cells() {
    AtomicInteger described = new AtomicInteger();
    CellColumns columns = counting(described);

    CellColumns.Column first = columns.of(cell(Bytes.toBytes("d"), Bytes.toBytes("name"), "a"));
    CellColumns.Column again = columns.of(cell(Bytes.toBytes("d"), Bytes.toBytes("name"), "b"));
    CellColumns.Column other = columns.of(cell(Bytes.toBytes("d"), Bytes.toBytes("email"), "c"));
    // The same bytes split differently between family and qualifier are another column.
    CellColumns.Column shifted = columns.of(cell(Bytes.toBytes("dn"), Bytes.toBytes("ame"), "d"));

    assertThat(again).isSameAs(first);
    assertThat(first.name()).isEqualTo("d:name");
    assertThat(other.name()).isEqualTo("d:email");
    assertThat(shifted.name()).isEqualTo("dn:ame");
    assertThat(described).hasValue(3);
  }

  @Test
  void should_name_every_cell_right_among_many_columns_of_random_bytes() {
    // Seeded: families and qualifiers of any bytes (empty ones too), many more than are kept.
    Random random = new Random(20261128);
    List<byte[][]> keys = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < CellColumns.MAX_KEPT + 500; i++) {
      byte[] family = new byte[1 + random.nextInt(3)];
      byte[] qualifier = new byte[random.nextInt(5)];
      random.nextBytes(family);
      random.nextBytes(qualifier);
      keys.add(new byte[][] {family, qualifier});
    }
    AtomicInteger described = new AtomicInteger();
    CellColumns columns = counting(described);

    for (int round = 0; round < 3; round++) {
      for (byte[][] key : keys) {
        CellColumns.Column column = columns.of(cell(key[0], key[1], "v"));
        String expected = Bytes.toStringBinary(key[0]) + ":" + Bytes.toStringBinary(key[1]);
        assertThat(column.name()).isEqualTo(expected);
        assertThat(column.family()).isEqualTo(key[0]);
        assertThat(column.qualifier()).isEqualTo(key[1]);
        seen.merge(expected, 1, Integer::sum);
      }
    }

    assertThat(columns.kept()).isEqualTo(CellColumns.MAX_KEPT);
    // The kept columns were described once; the others, once per cell.
    int distinct = seen.size();
    assertThat(described.get()).isLessThan(3 * distinct).isGreaterThanOrEqualTo(distinct);
  }
}
