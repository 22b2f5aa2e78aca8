package io.sluice.hbase;

import static io.sluice.hbase.BytesDecoding.BOOLEAN;
import static io.sluice.hbase.BytesDecoding.DOUBLE;
import static io.sluice.hbase.BytesDecoding.HEX;
import static io.sluice.hbase.BytesDecoding.INT;
import static io.sluice.hbase.BytesDecoding.LONG;
import static io.sluice.hbase.BytesDecoding.RAW;
import static io.sluice.hbase.BytesDecoding.UTF8;

import io.sluice.core.job.Setting;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code options} of a {@code type: hbase-snapshot} source; the export folder is the source's
 * {@code path}. Absent settings take their defaults here.
 */
public record HBaseSnapshotOptions(
    @Setting(
            value =
                "The snapshot's name, as `hbase snapshot create` and `ExportSnapshot -snapshot`"
                    + " gave it; the source's `path` is the folder `ExportSnapshot -copy-to`"
                    + " wrote (holding `.hbase-snapshot/` and `archive/`).",
            example = "orders-snap")
        String snapshot,
    @Setting(
            "How the row key becomes the `rowkey` field: `utf8` text, a big-endian `long` or"
                + " `int` (HBase's `Bytes.toBytes`), `hex` text, or `raw` bytes (a `blob`).")
        String rowKey,
    @Setting(
            "How every cell value becomes its `family:qualifier` field: `utf8`, `long`, `int`,"
                + " `double`, `boolean` (HBase's `Bytes` encodings), `hex` text, or `raw` bytes (a"
                + " `blob`). A"
                + " value that does not decode rejects its row.")
        String decode,
    @Setting(
            value =
                "How the values of some columns decode instead, by `family:qualifier`, such as"
                    + " `{\"d:qty\": long, \"d:photo\": raw}`: the same decodings as `decode`.",
            shownDefault = "none")
        Map<String, String> decodeColumns) {

  public HBaseSnapshotOptions {
    if (snapshot == null || snapshot.isBlank()) {
      throw new IllegalArgumentException("an hbase-snapshot source needs 'snapshot': its name");
    }
    rowKey = rowKey == null ? "raw" : rowKey;
    decode = decode == null ? "raw" : decode;
    decodeColumns = decodeColumns == null ? Map.of() : Map.copyOf(decodeColumns);
    rowKeyDecoding(rowKey);
    valueDecoding(decode);
    decodeColumns.forEach(
        (column, decoding) -> {
          if (!column.contains(":")) {
            throw new IllegalArgumentException(
                "decode-columns names '" + column + "': a column is family:qualifier");
          }
          valueDecoding(decoding, "decode-columns '" + column + "'");
        });
  }

  /** How each column named in {@code decode-columns} is decoded. */
  Map<String, BytesDecoding> columnDecodings() {
    Map<String, BytesDecoding> decodings = new HashMap<>();
    decodeColumns.forEach(
        (column, decoding) ->
            decodings.put(column, valueDecoding(decoding, "decode-columns '" + column + "'")));
    return decodings;
  }

  /** How the row key is decoded. */
  BytesDecoding rowKeyDecoding() {
    return rowKeyDecoding(rowKey);
  }

  /** How every cell value is decoded. */
  BytesDecoding valueDecoding() {
    return valueDecoding(decode);
  }

  private static BytesDecoding rowKeyDecoding(String text) {
    return BytesDecoding.parse(text, "row-key", UTF8, LONG, INT, HEX, RAW);
  }

  private static BytesDecoding valueDecoding(String text) {
    return valueDecoding(text, "decode");
  }

  private static BytesDecoding valueDecoding(String text, String setting) {
    return BytesDecoding.parse(text, setting, UTF8, LONG, INT, DOUBLE, BOOLEAN, HEX, RAW);
  }
}
