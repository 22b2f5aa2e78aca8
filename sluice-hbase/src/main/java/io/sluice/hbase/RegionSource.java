package io.sluice.hbase;

import io.sluice.core.source.CellTimesSource;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What the HBase sources share: each split is a region of a {@link RegionLayout}, read with HBase's
 * own region scanner ({@link RegionSplitReader}) and turned into records by {@link RowRecords}, or
 * a part of a large region ({@link RegionParts}). A split's resource is {@code NAME/ENCODED_REGION}
 * or {@code NAME/ENCODED_REGION[START,STOP)} ({@link RegionRange}); its position is the last row
 * done ({@link RowPosition}), and a resumed split scans from right after that row key up to its
 * stop row.
 */
abstract class RegionSource implements CellTimesSource {

  /** How many cut rows of a region {@code plan} shows. */
  private static final int SHOWN_CUTS = 10;

  private final String name;
  final Configuration conf;
  private List<Split> planned;

  RegionSource(String name, Configuration conf) {
    this.name = name;
    this.conf = conf;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The source's type, for messages. */
  abstract String type();

  /** How the source's cells become fields. */
  abstract CellMapping mapping();

  /** The regions the splits read, laid out once, before the first split is read. */
  abstract RegionLayout layout() throws IOException;

  /** Plans the splits: a region, or a part of a large one, each. */
  abstract List<Split> planSplits() throws IOException;

  /** The splits, planned once: what a source reads does not change while it is read. */
  @Override
  public final synchronized List<Split> plan() throws IOException {
    if (planned == null) {
      planned = List.copyOf(planSplits());
    }
    return planned;
  }

  /** Plans the splits and lays out the regions, so that the first split opens at once. */
  @Override
  public final void prepareReading() throws IOException {
    plan();
    OwnClassLoader.call(this::layout);
  }

  @Override
  public final String writeTimes() {
    return "each cell's own HBase timestamp, and the TTL it has left (no write-timestamp needed)";
  }

  @Override
  public final SplitReader open(Split split) throws IOException {
    return open(split, null);
  }

  @Override
  public final SplitReader open(Split split, String position) throws IOException {
    RowPosition saved;
    try {
      saved = position == null ? null : RowPosition.parse(position);
    } catch (IllegalArgumentException e) {
      throw new IOException(
          "the saved position '"
              + position
              + "' of split "
              + split.id()
              + " is not one an "
              + type()
              + " source writes; run with --fresh to start over");
    }
    // No row done yet: the region's start.
    RowPosition after = saved == null || saved.itemsDone() == 0 ? null : saved;
    CellMapping mapping = mapping();
    return OwnClassLoader.call(
        () -> {
          RegionLayout layout = layout();
          RowRecords records = new RowRecords(split.resource(), layout.table(), mapping);
          return RegionSplitReader.open(conf, layout, split, records, after, mapping.versions());
        });
  }

  /**
   * The row after which a reader continues: the item's number and row key; for a record of a row
   * whose later cells are records too, the position it carries (that row partly done).
   */
  @Override
  public final String positionAfter(SourceItem item) {
    if (item instanceof Record record && record.positionAfter() != null) {
      return record.positionAfter();
    }
    long itemsDone =
        item instanceof Record record ? record.nextOffset() : ((MalformedRecord) item).nextOffset();
    String row = item.position().id();
    return new RowPosition(itemsDone, row == null ? new byte[0] : Bytes.toBytesBinary(row)).text();
  }

  /**
   * A line per region cut into several splits: its bytes, its splits and the rows it was cut at
   * (the first ten).
   */
  @Override
  public final List<String> planLines(List<Split> splits) {
    Map<String, List<Split>> byRegion = new LinkedHashMap<>();
    for (Split split : splits) {
      byRegion.computeIfAbsent(rangeOf(split).region(), r -> new ArrayList<>()).add(split);
    }
    List<String> lines = new ArrayList<>();
    byRegion.forEach(
        (region, parts) -> {
          if (parts.size() > 1) {
            List<String> cuts = new ArrayList<>();
            for (Split part : parts.subList(1, Math.min(parts.size(), SHOWN_CUTS + 1))) {
              cuts.add(Bytes.toStringBinary(rangeOf(part).startRow()));
            }
            String more =
                parts.size() > SHOWN_CUTS + 1
                    ? " and " + (parts.size() - 1 - SHOWN_CUTS) + " more"
                    : "";
            lines.add(
                String.format(
                    "region %s (%.1f MB): %d splits, cut at its block index at rows %s%s",
                    region,
                    parts.stream().mapToLong(Split::work).sum() / 1e6,
                    parts.size(),
                    String.join(", ", cuts),
                    more));
          }
        });
    return lines;
  }

  /** The rows a split reads: a region, or a part of one. */
  static RegionRange rangeOf(Split split) {
    return RegionRange.of(split.resource());
  }
}
