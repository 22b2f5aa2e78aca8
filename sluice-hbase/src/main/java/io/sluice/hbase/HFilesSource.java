package io.sluice.hbase;

import io.sluice.core.source.ProposingSource;
import io.sluice.core.source.SourceProposal;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.Path;

/**
 * {@code type: hfiles}: a folder of HFiles, a subfolder per column family (what a bulk-load job
 * writes), read with HBase's own region reader as the regions of a table ({@link RegionSource}):
 * the files of a family are merged as a region server merges its store files (versions, delete
 * markers, the families' TTLs from the options), a split per group of files whose rows overlap
 * ({@link HFileFolder}), a large group cut into several ({@link RegionParts}). The files are linked
 * into a temporary folder before the first split is read ({@link LinkedHFiles}; {@link
 * #prepareReading}, or the first split's opening), and that folder is removed when the source
 * closes. {@code sluice plan} proposes a mapping from their first rows, as for a snapshot.
 */
final class HFilesSource extends RegionSource implements ProposingSource {

  private final Path folder;
  private final String folderName;
  private final HFilesOptions options;
  private HFileFolder scanned;
  private LinkedHFiles linked;

  HFilesSource(String name, java.nio.file.Path folder, HFilesOptions options) {
    this(name, new Path(folder.toAbsolutePath().toUri()), folder.getFileName(), options);
  }

  private HFilesSource(
      String name, Path folder, java.nio.file.Path folderName, HFilesOptions options) {
    super(name, SourceHadoop.configuration(folder));
    this.folder = folder;
    this.folderName = folderName == null ? "hfiles" : folderName.toString();
    this.options = options;
  }

  @Override
  String type() {
    return HFilesSourceProvider.TYPE;
  }

  @Override
  CellMapping mapping() {
    return options.mapping();
  }

  @Override
  List<Split> planSplits() throws IOException {
    HFileFolder files = scanned();
    List<Split> splits = new ArrayList<>();
    for (HFileFolder.Group group : files.groups()) {
      OwnClassLoader.call(
          () -> {
            RegionParts.add(
                splits,
                name(),
                folderName,
                LinkedHFiles.region(group),
                group.bytes(),
                () -> group.files().stream().map(HFileFolder.StoreFile::path).toList(),
                options.splitBytes(),
                conf);
            return null;
          });
    }
    return splits;
  }

  /**
   * Proposes options, mapping and table from the raw bytes of the first {@code sampleRecords} rows
   * (region after region), whatever this source's own decodings are; the families' TTLs and a
   * {@code split-size} set are kept.
   */
  @Override
  public SourceProposal propose(String keyspace, String table, int sampleRecords)
      throws IOException {
    List<Split> splits = plan();
    RegionLayout regions = layout();
    SnapshotSample sample =
        OwnClassLoader.call(() -> SnapshotSample.read(conf, regions, splits, sampleRecords));
    StringBuilder kept = new StringBuilder();
    if (!options.familyTtl().isEmpty()) {
      List<String> ttls = new ArrayList<>();
      new TreeMap<>(options.familyTtl())
          .forEach((family, seconds) -> ttls.add("\"" + family + "\": " + seconds));
      kept.append("      family-ttl: {").append(String.join(", ", ttls)).append("}\n");
    }
    kept.append(SplitSize.optionLine(options.splitSize()));
    return new MappingProposer("the HFiles of " + folder, kept.toString(), sample)
        .propose(keyspace, table);
  }

  @Override
  synchronized RegionLayout layout() throws IOException {
    if (linked == null) {
      HFileFolder files = scanned();
      linked =
          LinkedHFiles.link(
              conf,
              files,
              LinkedHFiles.table(files.families(), mapping().versions(), options.familyTtl()));
    }
    return linked;
  }

  /** The folder's files, read once; refuses options naming a family it does not have. */
  private HFileFolder scanned() throws IOException {
    if (scanned == null) {
      HFileFolder files = OwnClassLoader.call(() -> HFileFolder.scan(conf, folder));
      Set<String> named = new TreeSet<>(mapping().familyLayouts().keySet());
      named.addAll(options.familyTtl().keySet());
      for (String family : named) {
        if (!files.families().contains(family)) {
          throw new IllegalArgumentException(
              "source '"
                  + name()
                  + "' options name family '"
                  + family
                  + "', which "
                  + folder
                  + " has no folder of; its families are "
                  + files.families());
        }
      }
      scanned = files;
    }
    return scanned;
  }

  @Override
  public synchronized void close() throws IOException {
    if (linked != null) {
      OwnClassLoader.call(
          () -> {
            linked.close();
            return null;
          });
      linked = null;
    }
  }
}
