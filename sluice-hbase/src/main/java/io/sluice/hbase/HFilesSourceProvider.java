package io.sluice.hbase;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourcePaths;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;

/**
 * Creates {@link HFilesSource}s for sources of {@code type: hfiles}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of {@link
 * HFilesOptions}.
 */
public final class HFilesSourceProvider implements SourceProvider {

  public static final String TYPE = "hfiles";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return HFilesOptions.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String name = spec.name() == null ? TYPE : spec.name();
    String where = "source '" + name + "'";
    HFilesOptions options =
        JobFiles.readPart(spec.options(), HFilesOptions.class, where + " options");
    if (spec.requiredPaths().size() != 1) {
      throw new IllegalArgumentException(
          where + " reads one folder of HFiles, a folder per column family: give it as 'path'");
    }
    String given = spec.paths().get(0);
    if (SourcePaths.remoteUri(given) != null) {
      throw new IllegalArgumentException(
          where
              + " reads a folder of HFiles on this machine's file system (on Spark, one every"
              + " executor mounts at the same path), not "
              + given
              + ": copy the files here (hdfs dfs -get, aws s3 sync), or export a snapshot of the"
              + " table and read it with type: hbase-snapshot, which reads hdfs:// directly");
    }
    return new HFilesSource(name, SourcePaths.resolve(baseDir, given), options);
  }
}
