package io.sluice.formats.bson;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import java.nio.file.Path;

/**
 * Creates {@link BsonDumpSource}s for sources of {@code type: bson}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of {@link
 * BsonSourceOptions}. With {@code tables: per-collection} a source names one table per collection
 * ({@link CollectionTables}), each read as a source of its own.
 */
public final class BsonSourceProvider implements SourceProvider {

  public static final String TYPE = "bson";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return BsonSourceOptions.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String name = name(spec);
    BsonSourceOptions options = options(spec);
    if (options.tablePerCollection()) {
      throw new IllegalArgumentException(
          "source '"
              + name
              + "' reads one table per collection (tables: per-collection), so the job's target"
              + " names a keyspace only: leave out target.table and mapping, and give each table's"
              + " mapping under per-table: ('sluice plan' infers them)");
    }
    return new BsonDumpSource(name, spec.requiredPaths(), baseDir, options);
  }

  @Override
  public SourceTables tables(SourceSpec spec, Path baseDir) {
    BsonSourceOptions options = options(spec);
    return options.tablePerCollection()
        ? CollectionTables.of(spec, options, baseDir)
        : SourceTables.NONE;
  }

  private static String name(SourceSpec spec) {
    return spec.name() == null ? TYPE : spec.name();
  }

  private static BsonSourceOptions options(SourceSpec spec) {
    return JobFiles.readPart(
        spec.options(), BsonSourceOptions.class, "source '" + name(spec) + "' options");
  }
}
