package io.sluice.formats.parquet;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;

/**
 * Creates {@link ParquetSource}s for sources of {@code type: parquet}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of {@link
 * ParquetSourceOptions}.
 */
public final class ParquetSourceProvider implements SourceProvider {

  public static final String TYPE = "parquet";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return ParquetSourceOptions.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String name = spec.name() == null ? TYPE : spec.name();
    ParquetSourceOptions options =
        JobFiles.readPart(
            spec.options(), ParquetSourceOptions.class, "source '" + name + "' options");
    return new ParquetSource(name, spec.requiredPaths(), baseDir, options);
  }
}
