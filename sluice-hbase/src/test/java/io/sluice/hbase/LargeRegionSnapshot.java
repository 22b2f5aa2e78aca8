package io.sluice.hbase;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A table of one region large enough to be cut into several splits, in the same HBase as {@link
 * OrdersSnapshot}: {@value #ROWS} rows of the orders' columns in families of 1 KiB blocks (hundreds
 * of data blocks), two store files a family (newer versions and deletes of every kind over the
 * first's) and a third the snapshot flushes, cell TTLs and a family TTL, and a row of many cells
 * that spans several blocks.
 */
final class LargeRegionSnapshot {

  static final String SNAPSHOT = "ledger-snap";
  static final TableName TABLE = TableName.valueOf("ledger");
  static final int ROWS = 3000;

  /** A row whose {@code d} qualifiers fill several blocks. */
  static final int WIDE_ROW = 1234;

  static final int FAMILY_TTL_SECONDS = 86_400;
  static final long CELL_TTL_MILLIS = 7_200_000;
  static final int MAX_VERSIONS = 3;

  private static final byte[] D = Bytes.toBytes("d");
  private static final byte[] T = Bytes.toBytes("t");

  /**
   * The folder ExportSnapshot wrote, every row's latest cells by column, and every row's versions
   * of each column, newest first, as HBase's {@code Get} returned them at snapshot time.
   */
  record Export(
      Path folder,
      Map<String, Map<String, ExpectedCell>> rows,
      Map<String, Map<String, List<ExpectedCell>>> versions) {}

  private LargeRegionSnapshot() {}

  static String rowKey(int i) {
    return String.format("row-%05d", i);
  }

  /** Creates, fills and snapshots the table; every row's versions as a {@code Get} returns them. */
  static Map<String, Map<String, List<ExpectedCell>>> create(Admin admin, Connection connection)
      throws IOException {
    admin.createTable(
        TableDescriptorBuilder.newBuilder(TABLE)
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(D)
                    .setMaxVersions(MAX_VERSIONS)
                    .setBlocksize(1024)
                    .build())
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(T)
                    .setMaxVersions(MAX_VERSIONS)
                    .setTimeToLive(FAMILY_TTL_SECONDS)
                    .setBlocksize(1024)
                    .build())
            .build());
    long t0 = System.currentTimeMillis() - 3_600_000;
    try (Table table = connection.getTable(TABLE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        byte[] row = Bytes.toBytes(rowKey(i));
        puts.add(
            new Put(row)
                .addColumn(D, b("name"), t0, b("name-" + i + "-v1"))
                .addColumn(D, b("qty"), t0, Bytes.toBytes((long) i))
                .addColumn(T, b("note"), t0, b("note-" + i)));
        if (i % 5 == 0) {
          puts.add(
              new Put(row).addColumn(D, b("temp"), t0, b("temp-" + i)).setTTL(CELL_TTL_MILLIS));
        }
      }
      Put wide = new Put(Bytes.toBytes(rowKey(WIDE_ROW)));
      for (int k = 0; k < 200; k++) {
        wide.addColumn(D, b(String.format("w%04d", k)), t0, b("wide-" + k));
      }
      puts.add(wide);
      table.put(puts);
      admin.flush(TABLE);

      puts.clear();
      for (int i = 0; i < ROWS; i += 3) {
        puts.add(
            new Put(Bytes.toBytes(rowKey(i)))
                .addColumn(D, b("name"), t0 + 1_000, b("name-" + i + "-v2")));
      }
      table.put(puts);
      List<Delete> deletes = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        byte[] row = Bytes.toBytes(rowKey(i));
        if (i % 97 == 1) {
          // The latest version of a column: the one before shows again.
          deletes.add(new Delete(row).addColumn(D, b("name")));
        } else if (i % 97 == 2) {
          // Every version of a column.
          deletes.add(new Delete(row).addColumns(D, b("qty")));
        } else if (i % 97 == 3) {
          deletes.add(new Delete(row).addFamily(T));
        } else if (i % 97 == 4) {
          // One version of every column of a family.
          deletes.add(new Delete(row).addFamilyVersion(D, t0));
        } else if (i % 97 == 5) {
          deletes.add(new Delete(row));
        }
      }
      table.delete(deletes);
      admin.flush(TABLE);
      // Left in the memstore: the snapshot flushes it.
      table.put(
          new Put(Bytes.toBytes(rowKey(7))).addColumn(D, b("name"), t0 + 2_000, b("name-7-v3")));
      admin.snapshot(SNAPSHOT, TABLE);
      return readAll(table);
    }
  }

  /** The latest version of each column of {@code versions}. */
  static Map<String, Map<String, ExpectedCell>> latest(
      Map<String, Map<String, List<ExpectedCell>>> versions) {
    Map<String, Map<String, ExpectedCell>> rows = new LinkedHashMap<>();
    versions.forEach(
        (key, columns) -> {
          Map<String, ExpectedCell> cells = new LinkedHashMap<>();
          columns.forEach((column, cellVersions) -> cells.put(column, cellVersions.get(0)));
          rows.put(key, cells);
        });
    return rows;
  }

  private static Map<String, Map<String, List<ExpectedCell>>> readAll(Table table)
      throws IOException {
    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      gets.add(new Get(Bytes.toBytes(rowKey(i))).readVersions(MAX_VERSIONS));
    }
    Map<String, Map<String, List<ExpectedCell>>> rows = new LinkedHashMap<>();
    for (Result result : table.get(gets)) {
      if (result.isEmpty()) {
        continue;
      }
      Map<String, List<ExpectedCell>> cells = new LinkedHashMap<>();
      for (Cell cell : result.rawCells()) {
        String family = Bytes.toString(CellUtil.cloneFamily(cell));
        String qualifier = Bytes.toString(CellUtil.cloneQualifier(cell));
        long ts = cell.getTimestamp();
        long expires =
            family.equals("t")
                ? (ts + FAMILY_TTL_SECONDS * 1000L) / 1000
                : qualifier.equals("temp") ? (ts + CELL_TTL_MILLIS) / 1000 : 0;
        cells
            .computeIfAbsent(family + ":" + qualifier, c -> new ArrayList<>())
            .add(new ExpectedCell(CellUtil.cloneValue(cell), ts, expires));
      }
      rows.put(Bytes.toString(result.getRow()), cells);
    }
    return rows;
  }

  private static byte[] b(String text) {
    return Bytes.toBytes(text);
  }
}
