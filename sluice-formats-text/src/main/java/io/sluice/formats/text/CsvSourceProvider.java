package io.sluice.formats.text;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;

/**
 * Creates {@link CsvSource}s for sources of {@code type: csv}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are listed in {@link
 * CsvSourceOption}.
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
    return new CsvSource(
        name, spec.requiredPaths(), baseDir, CsvSourceOptions.parse(spec.options()));
  }
}
