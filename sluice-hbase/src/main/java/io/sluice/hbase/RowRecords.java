package io.sluice.hbase;

import io.sluice.core.source.CellTime;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import java.time.Instant;
import java.util.ArrayList;
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

/**
 * Turns an HBase row, as a region scanner returns it, into records: the row key as field {@code
 * rowkey}, and each cell as its family's {@link FamilyLayout} says: a field {@code
 * family:qualifier}, an entry of the map field {@code family}, or a record of its own (with fields
 * {@code qualifier}, {@code value} and {@code timestamp}, beside the row's other fields). Each
 * value carries its cell's timestamp as its write time (HBase's milliseconds times 1000) and, when
 * the cell expires (its family's TTL or its own TTL tag, whichever comes first), the second it
 * expires at; a map field carries each entry's.
 *
 * <p>A value that does not decode rejects its whole row, with one item. The items of a row are
 * numbered on from the split's count of items before it; the records of a {@code rows} family
 * before the row's last carry the position of a row part done ({@link RowPosition#cellsDone()}).
 */
final class RowRecords {

  /** The field that holds the row key. */
  static final String ROW_KEY = "rowkey";

  /** The field that holds a {@code rows} family cell's qualifier. */
  static final String QUALIFIER = "qualifier";

  /** The field that holds a {@code rows} family cell's value. */
  static final String VALUE = "value";

  /** The field that holds a {@code rows} family cell's HBase timestamp. */
  static final String TIMESTAMP = "timestamp";

  private final String resource;
  private final BytesDecoding rowKeyDecoding;
  private final BytesDecoding valueDecoding;
  private final Map<String, BytesDecoding> columnDecodings;
  private final Map<String, FamilyLayout> layouts;
  private final BytesDecoding qualifierDecoding;
  private final Map<String, Long> familyTtlMillis = new HashMap<>();
  private final CellColumns cellColumns = new CellColumns(this::describe);

  RowRecords(String resource, TableDescriptor table, CellMapping mapping) {
    this(
        resource,
        table,
        mapping.rowKeyDecoding(),
        mapping.valueDecoding(),
        mapping.columnDecodings(),
        mapping.familyLayouts(),
        mapping.qualifierDecoding());
  }

  RowRecords(
      String resource,
      TableDescriptor table,
      BytesDecoding rowKeyDecoding,
      BytesDecoding valueDecoding,
      Map<String, BytesDecoding> columnDecodings,
      Map<String, FamilyLayout> layouts,
      BytesDecoding qualifierDecoding) {
    this.resource = resource;
    this.rowKeyDecoding = rowKeyDecoding;
    this.valueDecoding = valueDecoding;
    this.columnDecodings = Map.copyOf(columnDecodings);
    this.layouts = Map.copyOf(layouts);
    this.qualifierDecoding = qualifierDecoding;
    for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
      int ttl = family.getTimeToLive();
      if (ttl != HConstants.FOREVER) {
        familyTtlMillis.put(family.getNameAsString(), ttl * 1000L);
      }
    }
  }

  /** Whether a family's cells become records of their own, so that a row may give several. */
  boolean explodes() {
    return layouts.containsValue(FamilyLayout.ROWS);
  }

  /**
   * The items of {@code row}, numbered from {@code first}, the split's items before it: one record
   * or reject, or with a {@code rows} family a record per cell of it (none when the row has none),
   * the first {@code cellsDone} of them left out (a resumed split's, done before).
   */
  List<SourceItem> toItems(Result row, long first, int cellsDone) {
    byte[] key = row.getRow();
    String keyText = BinaryText.of(key);
    SourcePosition position = new SourcePosition(resource, first, keyText);
    long size = key.length;
    Map<String, Object> fields = new LinkedHashMap<>();
    Map<String, CellTime> times = new HashMap<>();
    try {
      fields.put(ROW_KEY, rowKeyDecoding.decode(key));
    } catch (BytesDecoding.UndecodableException e) {
      return List.of(
          new MalformedRecord(position, "the row key " + e.getMessage(), size, first + 1));
    }
    String problem = null;
    // Made when a cell needs them: most tables have no family read as a map or as rows.
    Map<String, FamilyMap> maps = null;
    List<Cell> exploded = null;
    List<Object[]> explodedValues = null;
    Cell previous = null;
    for (Cell cell : row.rawCells()) {
      CellColumns.Column column = cellColumns.of(cell);
      String family = column.familyName();
      String name = column.name();
      FamilyLayout layout = column.layout();
      // A column's versions come newest first; only a rows family keeps the older ones.
      boolean older = previous != null && CellUtil.matchingColumn(previous, cell);
      previous = cell;
      if (older && layout != FamilyLayout.ROWS) {
        continue;
      }
      size += cell.getSerializedSize();
      Object qualifier = null;
      Object value;
      try {
        if (layout != FamilyLayout.COLUMNS) {
          qualifier = decodeQualifier(cell, name);
        }
        value = decodeValue(cell, column);
      } catch (BytesDecoding.UndecodableException e) {
        problem = problem == null ? e.getMessage() : problem;
        continue;
      }
      CellTime time = timeOf(column.familyTtlMillis(), cell);
      switch (layout) {
        case COLUMNS -> {
          fields.put(name, value);
          times.put(name, time);
        }
        case MAP -> {
          maps = maps == null ? new LinkedHashMap<>() : maps;
          maps.computeIfAbsent(family, f -> new FamilyMap()).add(qualifier, value, time);
        }
        case ROWS -> {
          exploded = exploded == null ? new ArrayList<>() : exploded;
          explodedValues = explodedValues == null ? new ArrayList<>() : explodedValues;
          exploded.add(cell);
          explodedValues.add(new Object[] {qualifier, value});
        }
      }
    }
    if (problem != null) {
      return List.of(new MalformedRecord(position, problem, size, first + 1));
    }
    if (maps != null) {
      maps.forEach(
          (family, map) -> {
            fields.put(family, map.entries);
            times.put(family, map.time());
          });
    }
    if (!explodes()) {
      return List.of(new Record(position, fields, size, first + 1, times));
    }
    return exploded == null
        ? List.of()
        : cellRecords(key, keyText, first, cellsDone, fields, times, exploded, explodedValues);
  }

  /** A record per cell of the {@code rows} family, each with the row's other fields. */
  private List<SourceItem> cellRecords(
      byte[] key,
      String keyText,
      long first,
      int cellsDone,
      Map<String, Object> rowFields,
      Map<String, CellTime> rowTimes,
      List<Cell> cells,
      List<Object[]> values) {
    List<SourceItem> items = new ArrayList<>(Math.max(0, cells.size() - cellsDone));
    for (int i = cellsDone; i < cells.size(); i++) {
      Cell cell = cells.get(i);
      Map<String, Object> fields = new LinkedHashMap<>(rowFields);
      fields.put(QUALIFIER, values.get(i)[0]);
      fields.put(VALUE, values.get(i)[1]);
      fields.put(TIMESTAMP, Instant.ofEpochMilli(cell.getTimestamp()));
      Map<String, CellTime> times = new HashMap<>(rowTimes);
      // The timestamp too: a clustering row written of both lives and expires with its cell.
      CellTime time = timeOf(cellColumns.of(cell).familyTtlMillis(), cell);
      times.put(VALUE, time);
      times.put(TIMESTAMP, time);
      long number = first + i;
      boolean last = i == cells.size() - 1;
      items.add(
          new Record(
              new SourcePosition(resource, number, keyText),
              fields,
              cell.getSerializedSize() + (i == 0 ? key.length : 0),
              number + 1,
              times,
              last ? null : new RowPosition(number + 1, key, i + 1).text()));
    }
    return items;
  }

  private Object decodeQualifier(Cell cell, String name) throws BytesDecoding.UndecodableException {
    try {
      return qualifierDecoding.decode(CellUtil.cloneQualifier(cell));
    } catch (BytesDecoding.UndecodableException e) {
      throw new BytesDecoding.UndecodableException(
          "the qualifier of cell " + name + " " + e.getMessage());
    }
  }

  private static Object decodeValue(Cell cell, CellColumns.Column column)
      throws BytesDecoding.UndecodableException {
    try {
      return column.decoding().decode(CellUtil.cloneValue(cell));
    } catch (BytesDecoding.UndecodableException e) {
      throw new BytesDecoding.UndecodableException("cell " + column.name() + " " + e.getMessage());
    }
  }

  /** What the cell's column is, how it is laid out and decoded, and its family's TTL. */
  private CellColumns.Column describe(Cell cell) {
    byte[] family = CellUtil.cloneFamily(cell);
    byte[] qualifier = CellUtil.cloneQualifier(cell);
    String familyName = BinaryText.of(family);
    String name = familyName + ":" + BinaryText.of(qualifier);
    return new CellColumns.Column(
        family,
        qualifier,
        familyName,
        name,
        layouts.getOrDefault(familyName, FamilyLayout.COLUMNS),
        columnDecodings.getOrDefault(name, valueDecoding),
        familyTtlMillis.getOrDefault(familyName, Long.MAX_VALUE));
  }

  /**
   * The cell's write time, and when it expires by its family's TTL ({@link Long#MAX_VALUE}: none)
   * or its own.
   */
  private static CellTime timeOf(long familyTtlMillis, Cell cell) {
    return new CellTime(
        cell.getTimestamp() * 1000, expiresAtSecond(familyTtlMillis, cell), List.of());
  }

  private static long expiresAtSecond(long familyTtlMillis, Cell cell) {
    long ttlMillis = familyTtlMillis;
    if (cell.getTagsLength() > 0) {
      Optional<Tag> own = PrivateCellUtil.getTag(cell, TagType.TTL_TAG_TYPE);
      if (own.isPresent()) {
        ttlMillis = Math.min(ttlMillis, Tag.getValueAsLong(own.get()));
      }
    }
    if (ttlMillis == Long.MAX_VALUE) {
      return CellTime.NEVER;
    }
    return Math.max(1, Math.floorDiv(cell.getTimestamp() + ttlMillis, 1000));
  }

  /** A family's cells as one map field: qualifier to value, each entry with its cell's time. */
  private static final class FamilyMap {
    private final Map<Object, Object> entries = new LinkedHashMap<>();
    private final List<CellTime> times = new ArrayList<>();

    void add(Object qualifier, Object value, CellTime time) {
      entries.put(qualifier, value);
      times.add(time);
    }

    /** The map's time: its newest entry's, with every entry's in the map's order. */
    CellTime time() {
      CellTime newest = times.get(0);
      for (CellTime time : times) {
        if (time.writetimeMicros() > newest.writetimeMicros()) {
          newest = time;
        }
      }
      return new CellTime(newest.writetimeMicros(), newest.expiresAtSecond(), times);
    }
  }
}
