package io.sluice.cassandra.table;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import java.nio.file.Path;
import java.util.Set;

/** {@code sources[].type: cassandra}: a table of a live Cassandra-family cluster, read over CQL. */
public final class TableSourceProvider implements SourceProvider {

  @Override
  public String type() {
    return "cassandra";
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return TableSourceOptions.class;
  }

  /**
   * The cluster's settings and the pace of reads: a resumed copy may reach or read it otherwise.
   */
  @Override
  public Set<String> optionsAResumeMayChange() {
    return Set.of(
        "contact-points",
        "local-datacenter",
        "username",
        "password-env",
        "password-file",
        "consistency",
        "tls",
        "fetch-size",
        "rows-per-second",
        "read-latency-ms",
        "outage-patience");
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String where = "source '" + spec.name() + "'";
    if (!spec.paths().isEmpty()) {
      throw new IllegalArgumentException(
          where + " reads a table, not files: name it with options 'keyspace' and 'table'.");
    }
    TableSourceOptions options = options(spec);
    if (options.table() == null) {
      throw new IllegalArgumentException(
          where + " names several tables (tables:); each is read as a source of its own table");
    }
    return TableSource.connect(spec.name(), options, baseDir);
  }

  @Override
  public SourceTables tables(SourceSpec spec, Path baseDir) {
    TableSourceOptions options = options(spec);
    return options.tables().isEmpty()
        ? SourceTables.NONE
        : KeyspaceTables.of(spec, options, baseDir);
  }

  private static TableSourceOptions options(SourceSpec spec) {
    return JobFiles.readPart(
        spec.options(), TableSourceOptions.class, "source '" + spec.name() + "' options");
  }
}
