package io.sluice.sstables;

import io.sluice.cassandra.CassandraTargetProvider;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.TargetProvider;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code target.type: sstables}: the rows become SSTables of the target table in {@code
 * target.options.directory}, for {@code sluice stream} to load.
 */
public final class SstablesTargetProvider implements TargetProvider {

  @Override
  public String type() {
    return "sstables";
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return SstablesOptions.class;
  }

  @Override
  public Target connect(TargetSpec spec, Path baseDir) {
    SstablesOptions options = options(spec);
    return SstablesTarget.connect(spec, options, baseDir);
  }

  /** The target's own settings, with a sentence naming a wrong one. */
  public static SstablesOptions options(TargetSpec spec) {
    return JobFiles.readPart(spec.options(), SstablesOptions.class, "target.options");
  }

  /** The table the SSTables are written for lives in the cluster, created as a CQL target's. */
  @Override
  public List<String> createSchema(TargetSpec spec, Path baseDir, String cql) {
    return new CassandraTargetProvider().createSchema(spec, baseDir, cql);
  }
}
