package io.sluice.hbase;

import io.sluice.core.source.CellTime;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Turns an HBase row, as a region scanner reading one version returns it, into a record: the row
 * key as field {@code rowkey}, each cell as field {@code family:qualifier}, each with its cell's
 * timestamp as its write time (HBase's milliseconds times 1000) and, when the cell expires (its
 * family's TTL or its own TTL tag, whichever comes first), the second it expires at.
 */
final class RowRecords {

  /** The field that holds the row key. */
  static final String ROW_KEY = "rowkey";

  private final String resource;
  private final BytesDecoding rowKeyDecoding;
  private final BytesDecoding valueDecoding;
  private final Map<String, BytesDecoding> columnDecodings;
  private final Map<String, Long> familyTtlMillis = new HashMap<>();

  RowRecords(
      String resource,
      TableDescriptor table,
      BytesDecoding rowKeyDecoding,
      BytesDecoding valueDecoding,
      Map<String, BytesDecoding> columnDecodings) {
    this.resource = resource;
    this.rowKeyDecoding = rowKeyDecoding;
    this.valueDecoding = valueDecoding;
    this.columnDecodings = Map.copyOf(columnDecodings);
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      int ttl = family.getTimeToLive();
      if (ttl != HConstants.FOREVER) {
        familyTtlMillis.put(family.getNameAsString(), ttl * 1000L);
      }
    }
  }

  /** The record of {@code row}, the split's row number {@code number} (from 0). */
  SourceItem toItem(Result row, long number) {
    byte[] key = row.getRow();
    SourcePosition position = new SourcePosition(resource, number, Bytes.toStringBinary(key));
    long size = key.length;
    Map<String, Object> fields = new LinkedHashMap<>();
    Map<String, CellTime> times = new HashMap<>();
    try {
      fields.put(ROW_KEY, rowKeyDecoding.decode(key));
    } catch (BytesDecoding.UndecodableException e) {
      return new MalformedRecord(position, "the row key " + e.getMessage(), size, number + 1);
    }
    String problem = null;
    for (Cell cell : row.rawCells()) {
      String family = Bytes.toStringBinary(CellUtil.cloneFamily(cell));
      String name = family + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(cell));
      size += cell.getSerializedSize();
      try {
        BytesDecoding decoding = columnDecodings.getOrDefault(name, valueDecoding);
        fields.put(name, decoding.decode(CellUtil.cloneValue(cell)));
      } catch (BytesDecoding.UndecodableException e) {
        problem = problem == null ? "cell " + name + " " + e.getMessage() : problem;
        continue;
      }
      times.put(
          name, new CellTime(cell.getTimestamp() * 1000, expiresAtSecond(family, cell), List.of()));
    }
    if (problem != null) {
      return new MalformedRecord(position, problem, size, number + 1);
    }
    return new Record(position, fields, size, number + 1, times);
  }

  /** When the cell expires, by its family's TTL or its own, or {@link CellTime#NEVER}. */
  private long expiresAtSecond(String family, Cell cell) {
    long ttlMillis = familyTtlMillis.getOrDefault(family, Long.MAX_VALUE);
    Optional<Tag> own = PrivateCellUtil.getTag(cell, TagType.TTL_TAG_TYPE);
    if (own.isPresent()) {
      ttlMillis = Math.min(ttlMillis, Tag.getValueAsLong(own.get()));
    }
    if (ttlMillis == Long.MAX_VALUE) {
      return CellTime.NEVER;
    }
    return Math.max(1, Math.floorDiv(cell.getTimestamp() + ttlMillis, 1000));
  }
}
