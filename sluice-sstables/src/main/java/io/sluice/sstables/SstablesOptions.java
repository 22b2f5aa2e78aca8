package io.sluice.sstables;

import io.sluice.core.job.Setting;
import java.util.List;
import java.util.Map;

/** The {@code target.options} of {@code type: sstables}. */
public record SstablesOptions(
    @Setting(
            value = "Where the SSTables are written, relative to the job file.",
            example = "sstables")
        String directory,
    @Setting(
            "The writer's buffer per split, in MiB: each time it fills, its rows become one"
                + " SSTable, sorted.")
        Integer bufferMib,
    @Setting(
            "Rows of a split written before its files are closed and its progress saved (a"
                + " segment: a kill loses at most this many rows of work per split).")
        Integer segmentRows,
    @Setting(
            value = "The datacenters `sluice stream` loads the files into, and no other.",
            shownDefault = "the target's `local-datacenter`")
        List<String> datacenters,
    @Setting("The streaming rate into each datacenter, in MiB per second.") Integer throttleMib,
    @Setting("Keep each loaded segment under `loaded/` instead of deleting it.") Boolean keepLoaded,
    @Setting(
            "How many MiB of segments one run of Cassandra's loader takes at once: each run costs"
                + " a few seconds of set-up, and a stopped stream loads its batch again.")
        Integer streamBatchMib,
    @Setting(
            "The oldest Cassandra release that must read the files: `5.0` (its format `oa`) or"
                + " `4.1` (format `nb`, which 4.1 and 5.0 read).")
        String cassandraVersion,
    @Setting(
            "`migrate` streams the files itself once its run completes, as `sluice stream` would,"
                + " with the writer process as the first datacenter's loader; otherwise the files"
                + " wait for `sluice stream`.")
        Boolean streamAfterMigrate) {

  private static final int MAX_BUFFER_MIB = 1024;

  /** The releases whose format the files can be written in, with the format each reads. */
  private static final Map<String, String> FORMATS = Map.of("5.0", "oa", "4.1", "nb");

  public SstablesOptions {
    if (directory == null || directory.isBlank()) {
      throw new IllegalArgumentException(
          "target.options.directory: an SSTable target needs the folder to write its files to");
    }
    bufferMib = bufferMib == null ? 64 : bufferMib;
    segmentRows = segmentRows == null ? 100_000 : segmentRows;
    datacenters = datacenters == null ? List.of() : List.copyOf(datacenters);
    throttleMib = throttleMib == null ? 64 : throttleMib;
    keepLoaded = keepLoaded != null && keepLoaded;
    streamBatchMib = streamBatchMib == null ? 1024 : streamBatchMib;
    cassandraVersion = cassandraVersion == null ? "5.0" : cassandraVersion;
    streamAfterMigrate = streamAfterMigrate != null && streamAfterMigrate;
    if (!FORMATS.containsKey(cassandraVersion)) {
      throw new IllegalArgumentException(
          "target.options.cassandra-version: 5.0 (format oa, the default) or 4.1 (format nb, which"
              + " 4.1 and 5.0 read), not "
              + cassandraVersion
              + "; Cassandra 4.0 cannot read files named by unique identifiers, which Sluice writes"
              + " so that the files of every split and run can be loaded together");
    }
    if (bufferMib > MAX_BUFFER_MIB) {
      throw new IllegalArgumentException(
          "target.options.buffer-mib: at most "
              + MAX_BUFFER_MIB
              + " (the writer keeps a segment's rows in one array), not "
              + bufferMib);
    }
    if (bufferMib < 1 || segmentRows < 1 || throttleMib < 1 || streamBatchMib < 1) {
      throw new IllegalArgumentException(
          "target.options: buffer-mib, segment-rows, throttle-mib and stream-batch-mib must be at"
              + " least 1");
    }
  }

  /** The SSTable format version the files are written in: {@code oa} or {@code nb}. */
  public String format() {
    return FORMATS.get(cassandraVersion);
  }
}
