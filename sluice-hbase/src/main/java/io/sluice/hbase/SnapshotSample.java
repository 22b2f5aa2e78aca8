package io.sluice.hbase;

import io.sluice.core.source.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.ClientSideRegionScanner;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The first rows of a snapshot, as {@code sluice plan} samples them: the raw bytes of each row's
 * latest cells, split after split (a region, or the parts of a large one) in key order until enough
 * rows are read. A damaged region is passed over: the load itself tells about it.
 *
 * @param rows the rows read, at most the number asked for
 * @param regions how many regions they were read from
 */
record SnapshotSample(List<SampledRow> rows, int regions) {

  SnapshotSample {
    rows = List.copyOf(rows);
  }

  /** Reads up to {@code maxRows} rows from the regions of {@code splits}, in order. */
  static SnapshotSample read(
      Configuration conf, RegionLayout restored, List<Split> splits, int maxRows)
      throws IOException {
    List<SampledRow> rows = new ArrayList<>();
    Set<String> regions = new HashSet<>();
    for (Split split : splits) {
      if (rows.size() >= maxRows) {
        break;
      }
      RegionRange range = RegionSource.rangeOf(split);
      regions.add(range.region());
      try (ClientSideRegionScanner scanner =
          new ClientSideRegionScanner(
              conf,
              restored.rootDir().getFileSystem(conf),
              restored.rootDir(),
              restored.table(),
              restored.region(range.region()),
              range.limit(new Scan().readVersions(1).setCacheBlocks(false)),
              null)) {
        Result row;
        while (rows.size() < maxRows && (row = scanner.next()) != null) {
          rows.add(sampled(row));
        }
      } catch (IOException | RuntimeException e) {
        if (!RegionDamage.isDamage(e)) {
          throw e;
        }
      }
    }
    return new SnapshotSample(rows, regions.size());
  }

  private static SampledRow sampled(Result row) {
    List<SampledRow.Cell> cells = new ArrayList<>();
    for (Cell cell : row.rawCells()) {
      cells.add(
          new SampledRow.Cell(
              Bytes.toStringBinary(CellUtil.cloneFamily(cell)),
              CellUtil.cloneQualifier(cell),
              CellUtil.cloneValue(cell)));
    }
    return new SampledRow(row.getRow(), cells);
  }
}
