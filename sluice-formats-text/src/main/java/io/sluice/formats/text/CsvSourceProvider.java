package io.sluice.formats.text;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;

/**
 * Creates {@link CsvSource}s for sources of {@code type: csv}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of {@link
 * CsvSourceOptions}.
 */
public final class CsvSourceProvider implements SourceProvider {

  public static final String TYPE = "csv";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return CsvSourceOptions.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String name = spec.name() == null ? TYPE : spec.name();
    CsvSourceOptions options =
        JobFiles.readPart(spec.options(), CsvSourceOptions.class, "source '" + name + "' options");
    return new CsvSource(name, spec.requiredPaths(), baseDir, options);
  }
}
