package io.sluice.hbase;

import java.io.IOException;
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
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A second table in the same HBase, whose qualifiers are data, for {@code sluice plan}'s proposal:
 * family {@code d} a column ({@code name}), family {@code t} 5 day qualifiers a row, 50 in all (a
 * map), family {@code e} 120 event qualifiers a row (clustering rows), values {@code long}s.
 */
final class EventsSnapshot {

  static final String SNAPSHOT = "events-snap";
  static final TableName TABLE = TableName.valueOf("events");
  static final int ROWS = 10;
  static final int EVENTS_PER_ROW = 120;
  static final int DAYS_PER_ROW = 5;

  private EventsSnapshot() {}

  /** Creates and fills the table, snapshots it, and returns every row as a scan reads it. */
  static Map<String, Map<String, ExpectedCell>> create(Admin admin, Connection connection)
      throws IOException {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(TABLE);
    for (String family : List.of("d", "t", "e")) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    admin.createTable(table.build());
    long t0 = System.currentTimeMillis() - 60_000;
    try (Table events = connection.getTable(TABLE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        Put put = new Put(Bytes.toBytes(String.format("user-%02d", i)));
        put.addColumn(b("d"), b("name"), t0, b("name-" + i));
        for (int k = 0; k < DAYS_PER_ROW; k++) {
          int index = i * DAYS_PER_ROW + k;
          String day = String.format("2026-%02d-%02d", 1 + index / 28, 1 + index % 28);
          put.addColumn(b("t"), b(day), t0 + k, Bytes.toBytes((long) i * 100 + k));
        }
        for (int k = 0; k < EVENTS_PER_ROW; k++) {
          put.addColumn(
              b("e"), b(String.format("ev-%06d", i * 1000 + k)), t0 + k, Bytes.toBytes((long) k));
        }
        puts.add(put);
      }
      events.put(puts);
      admin.snapshot(SNAPSHOT, TABLE);
      return readAll(events);
    }
  }

  private static Map<String, Map<String, ExpectedCell>> readAll(Table table) throws IOException {
    Map<String, Map<String, ExpectedCell>> rows = new LinkedHashMap<>();
    try (ResultScanner scanner = table.getScanner(new Scan())) {
      for (Result result : scanner) {
        Map<String, ExpectedCell> cells = new LinkedHashMap<>();
        for (Cell cell : result.rawCells()) {
          cells.put(
              Bytes.toString(CellUtil.cloneFamily(cell))
                  + ":"
                  + Bytes.toString(CellUtil.cloneQualifier(cell)),
              new ExpectedCell(CellUtil.cloneValue(cell), cell.getTimestamp(), 0));
        }
        rows.put(Bytes.toString(result.getRow()), cells);
      }
    }
    return rows;
  }

  private static byte[] b(String text) {
    return Bytes.toBytes(text);
  }
}
