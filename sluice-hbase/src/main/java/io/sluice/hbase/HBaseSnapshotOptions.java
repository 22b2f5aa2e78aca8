package io.sluice.hbase;

import io.sluice.core.job.Setting;
import java.util.Map;

/**
 * The {@code options} of a {@code type: hbase-snapshot} source; the export folder is the source's
 * {@code path}, a local folder or a URI the plugin's Hadoop reads ({@code hdfs://}). The settings
 * of how cells become fields are those of {@link CellMapping}, which gives their defaults.
 */
public record HBaseSnapshotOptions(
    @Setting(
            value =
                "The snapshot's name, as `hbase snapshot create` and `ExportSnapshot -snapshot`"
                    + " gave it; the source's `path` is the folder `ExportSnapshot -copy-to`"
                    + " wrote (holding `.hbase-snapshot/` and `archive/`).",
            example = "orders-snap")
        String snapshot,
    @Setting(CellMapping.ROW_KEY_HELP) String rowKey,
    @Setting(CellMapping.DECODE_HELP) String decode,
    @Setting(value = CellMapping.DECODE_COLUMNS_HELP, shownDefault = "none")
        Map<String, String> decodeColumns,
    @Setting(value = CellMapping.FAMILIES_HELP, shownDefault = "every family `columns`")
        Map<String, String> families,
    @Setting(CellMapping.QUALIFIER_HELP) String qualifier,
    @Setting(CellMapping.VERSIONS_HELP) Integer versions,
    @Setting(SplitSize.HELP) String splitSize,
    @Setting(
            value =
                "The folder under which each process reading the snapshot restores it for HBase's"
                    + " region reader: a folder of its own (links to the export's files and the"
                    + " table's folders, no data), removed when the run ends. It must be on the"
                    + " export's file system, outside the export, and writable by Sluice; a local"
                    + " path is resolved against the job file's folder.",
            shownDefault =
                "the JVM's temporary folder for a local export; `/tmp` of the export's file"
                    + " system for a remote one (`hdfs://namenode:8020/tmp`)")
        String restoreDir) {

  public HBaseSnapshotOptions {
    if (snapshot == null || snapshot.isBlank()) {
      throw new IllegalArgumentException("an hbase-snapshot source needs 'snapshot': its name");
    }
    CellMapping mapping =
        new CellMapping(rowKey, decode, decodeColumns, families, qualifier, versions);
    rowKey = mapping.rowKey();
    decode = mapping.decode();
    decodeColumns = mapping.decodeColumns();
    families = mapping.families();
    qualifier = mapping.qualifier();
    versions = mapping.versions();
    splitSize = SplitSize.orDefault(splitSize);
  }

  /** The store file bytes above which a region is cut into several splits. */
  long splitBytes() {
    return SplitSize.bytes(splitSize);
  }

  /** How the snapshot's cells become fields. */
  CellMapping mapping() {
    return new CellMapping(rowKey, decode, decodeColumns, families, qualifier, versions);
  }
}
