package io.sluice.hbase;

import io.sluice.core.job.Setting;
import java.util.Map;

/**
 * The {@code options} of a {@code type: hfiles} source; the folder of HFiles is the source's {@code
 * path}. The settings of how cells become fields are those of {@link CellMapping}, which gives
 * their defaults; HFiles carry no table descriptor, so the families' TTLs are given here.
 */
public record HFilesOptions(
    @Setting(AS_SNAPSHOT + "`row-key`" + FOLLOWS) String rowKey,
    @Setting(AS_SNAPSHOT + "`decode`" + FOLLOWS) String decode,
    @Setting(value = AS_SNAPSHOT + "`decode-columns`" + FOLLOWS, shownDefault = "none")
        Map<String, String> decodeColumns,
    @Setting(value = AS_SNAPSHOT + "`families`" + FOLLOWS, shownDefault = "every family `columns`")
        Map<String, String> families,
    @Setting(AS_SNAPSHOT + "`qualifier`" + FOLLOWS) String qualifier,
    @Setting(
            "How many versions of each cell of the `rows` family become records, newest first, as"
                + " a `Get` asking for that many returns them; with `timestamp` in the table's"
                + " clustering key, each is a row of its own. The other families give their latest"
                + " version. More than 1 needs a `rows` family.")
        Integer versions,
    @Setting(
            value =
                "The TTL of some families in seconds, by family, such as `{t: 86400}`: the TTL"
                    + " of the table the files were written for (HFiles do not hold it). A cell"
                    + " older than its family's TTL is not read, and the others expire when"
                    + " HBase's would; a cell's own TTL counts too, whichever comes first.",
            shownDefault = "none: cells expire by their own TTLs only")
        Map<String, Long> familyTtl,
    @Setting(
            AS_SNAPSHOT
                + "`split-size`: a group of files whose store files hold more is cut into splits"
                + " of about this size, at rows the files' block indexes name.")
        String splitSize) {

  // The settings both HBase sources take are described once, for hbase-snapshot (CellMapping).
  private static final String AS_SNAPSHOT = "As `type: hbase-snapshot`'s ";
  private static final String FOLLOWS = ": how the files' cells become fields.";

  public HFilesOptions {
    CellMapping mapping =
        new CellMapping(rowKey, decode, decodeColumns, families, qualifier, versions);
    rowKey = mapping.rowKey();
    decode = mapping.decode();
    decodeColumns = mapping.decodeColumns();
    families = mapping.families();
    qualifier = mapping.qualifier();
    versions = mapping.versions();
    splitSize = SplitSize.orDefault(splitSize);
    familyTtl = familyTtl == null ? Map.of() : Map.copyOf(familyTtl);
    familyTtl.forEach(
        (family, seconds) -> {
          if (seconds == null || seconds < 1 || seconds > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                "family-ttl '"
                    + family
                    + "' is "
                    + seconds
                    + ": a TTL is a number of seconds from 1 to "
                    + Integer.MAX_VALUE);
          }
        });
  }

  /** The bytes above which a group of files is cut into several splits. */
  long splitBytes() {
    return SplitSize.bytes(splitSize);
  }

  /** How the files' cells become fields. */
  CellMapping mapping() {
    return new CellMapping(rowKey, decode, decodeColumns, families, qualifier, versions);
  }
}
