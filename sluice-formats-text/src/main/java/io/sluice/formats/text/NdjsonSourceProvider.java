package io.sluice.formats.text;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;

/**
 * Creates {@link NdjsonSource}s for sources of {@code type: ndjson}. Registered in {@code
 * META-INF/services/io.sluice.core.source.SourceProvider}; options are the settings of {@link
 * NdjsonSourceOptions}.
 */
public final class NdjsonSourceProvider implements SourceProvider {

  public static final String TYPE = "ndjson";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Class<? extends java.lang.Record> optionsType() {
    return NdjsonSourceOptions.class;
  }

  @Override
  public Source create(SourceSpec spec, Path baseDir) {
    String name = spec.name() == null ? TYPE : spec.name();
    NdjsonSourceOptions options =
        JobFiles.readPart(
            spec.options(), NdjsonSourceOptions.class, "source '" + name + "' options");
    return new NdjsonSource(name, spec.requiredPaths(), baseDir, options);
  }
}
