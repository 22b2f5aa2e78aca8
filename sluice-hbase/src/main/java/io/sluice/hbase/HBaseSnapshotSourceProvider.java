package io.sluice.hbase;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourcePaths;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;

/**
 * Creates {@link HBaseSnapshotSource}s for sources of {@code type: hbase-snapshot}. Registered in
 * {@code META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of
 * {@link HBaseSnapshotOptions}.
 */
public final class HBaseSnapshotSourceProvider implements SourceProvider {

  public static final String TYPE = "hbase-snapshot";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return HBaseSnapshotOptions.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String name = spec.name() == null ? TYPE : spec.name();
    String where = "source '" + name + "'";
    HBaseSnapshotOptions options =
        JobFiles.readPart(spec.options(), HBaseSnapshotOptions.class, where + " options");
    if (spec.requiredPaths().size() != 1) {
      throw new IllegalArgumentException(
          where + " reads one exported snapshot: give its folder as 'path'");
    }
    return new HBaseSnapshotSource(
        name,
        where(baseDir, spec.paths().get(0)),
        options.restoreDir() == null ? null : where(baseDir, options.restoreDir()),
        options);
  }

  /** A restore may go elsewhere than the last run's: its folder is removed when a run ends. */
  @Override
  public Set<String> optionsAResumeMayChange() {
    return Set.of("restore-dir");
  }

  /**
   * A folder the job names: a URI read by the plugin's own Hadoop ({@code hdfs://}), or a local
   * path resolved against the job file's folder.
   */
  private static URI where(Path baseDir, String given) {
    URI remote = SourcePaths.remoteUri(given);
    return remote != null
        ? remote
        : SourcePaths.resolve(baseDir, given).toAbsolutePath().normalize().toUri();
  }
}
