package io.sluice.hbase;

import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The rows a split reads: a whole region, or a part of it cut at row keys of its block index
 * ({@link RegionCuts}). A split's resource says which: {@code NAME/REGION} for a whole region,
 * {@code NAME/REGION[START,STOP)} for a part, its rows from {@code START} (inclusive) to {@code
 * STOP} (exclusive) in HBase's printable form ({@code Bytes.toStringBinary}, with {@code [} and
 * {@code ,} escaped too); an empty {@code START} or {@code STOP} is the region's own bound. The
 * resource carries the rows so that a split read elsewhere (a Spark task) needs nothing else.
 *
 * @param region the region's encoded name
 * @param startRow the first row (inclusive), empty for the region's start
 * @param stopRow the row after the last (exclusive), empty for the region's end
 */
record RegionRange(String region, byte[] startRow, byte[] stopRow) {

  /** The whole region. */
  static RegionRange whole(String region) {
    return new RegionRange(region, new byte[0], new byte[0]);
  }

  /** Whether this is the whole region, not a part of it. */
  boolean isWhole() {
    return startRow.length == 0 && stopRow.length == 0;
  }

  /** The resource of a split reading these rows of a region of {@code name}. */
  String resource(String name) {
    String resource = name + "/" + region;
    return isWhole() ? resource : resource + "[" + text(startRow) + "," + text(stopRow) + ")";
  }

  /** The rows the split of {@code resource} reads. */
  static RegionRange of(String resource) {
    if (!resource.endsWith(")")) {
      return whole(resource.substring(resource.lastIndexOf('/') + 1));
    }
    int open = resource.lastIndexOf('[');
    int comma = resource.indexOf(',', open);
    if (open < 0 || comma < 0) {
      throw new IllegalArgumentException(
          "'" + resource + "' is not NAME/REGION or NAME/REGION[START,STOP)");
    }
    return new RegionRange(
        resource.substring(resource.lastIndexOf('/', open) + 1, open),
        Bytes.toBytesBinary(resource.substring(open + 1, comma)),
        Bytes.toBytesBinary(resource.substring(comma + 1, resource.length() - 1)));
  }

  /** {@code scan} limited to these rows; the region limits it to its own. */
  Scan limit(Scan scan) {
    if (startRow.length > 0) {
      scan.withStartRow(startRow, true);
    }
    if (stopRow.length > 0) {
      scan.withStopRow(stopRow, false);
    }
    return scan;
  }

  private static String text(byte[] row) {
    // The separators are escaped as toStringBinary escapes what is not printable, so that
    // toBytesBinary reads them back.
    return Bytes.toStringBinary(row).replace("[", "\\x5B").replace(",", "\\x2C");
  }
}
