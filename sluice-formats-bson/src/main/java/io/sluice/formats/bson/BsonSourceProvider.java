package io.sluice.formats.bson;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;

/**
 * Creates {@link BsonDumpSource}s for sources of {@code type: bson}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of {@link
 * BsonSourceOptions}.
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
    String name = spec.name() == null ? TYPE : spec.name();
    BsonSourceOptions options =
        JobFiles.readPart(spec.options(), BsonSourceOptions.class, "source '" + name + "' options");
    return new BsonDumpSource(name, spec.requiredPaths(), baseDir, options);
  }
}
