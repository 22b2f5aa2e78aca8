package io.sluice.cassandra;

import io.sluice.core.job.TargetSpec;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.TargetProvider;
import java.nio.file.Path;
import java.util.List;

/** {@code target.type: cassandra}, the default: a table of a Cassandra-family cluster over CQL. */
public final class CassandraTargetProvider implements TargetProvider {

  @Override
  public String type() {
    return "cassandra";
  }

  @Override
  public Target connect(TargetSpec spec, Path baseDir) {
    return CassandraTarget.connect(spec, baseDir);
  }

  @Override
  public Target connectToCheck(TargetSpec spec, Path baseDir) {
    return CassandraTarget.connectToCheck(spec, baseDir);
  }

  @Override
  public List<String> createSchema(TargetSpec spec, Path baseDir, String cql) {
    return SchemaCreator.create(spec, baseDir, cql);
  }
}
