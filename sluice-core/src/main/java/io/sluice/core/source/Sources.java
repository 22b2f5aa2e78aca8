package io.sluice.core.source;

import java.nio.file.Path;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the {@link SourceProvider} for a source type among those on the class path, then in the
 * plugin folders ({@link SourcePlugins}).
 */
public final class Sources {

  private Sources() {}

  public static Source create(SourceSpec spec, Path baseDir) {
    return provider(spec).create(spec, baseDir);
  }

  /** The tables the source names, when it names several ({@link SourceProvider#tables}). */
  public static SourceTables tables(SourceSpec spec, Path baseDir) {
    return provider(spec).tables(spec, baseDir);
  }

  /**
   * The options of {@code spec} that a resumed run may change ({@link
   * SourceProvider#optionsAResumeMayChange}); none when its type is not known here.
   */
  public static Set<String> optionsAResumeMayChange(SourceSpec spec) {
    for (SourceProvider provider : ServiceLoader.load(SourceProvider.class)) {
      if (provider.type().equalsIgnoreCase(spec.type())) {
        return provider.optionsAResumeMayChange();
      }
    }
    return SourcePlugins.find(spec.type())
        .map(SourceProvider::optionsAResumeMayChange)
        .orElse(Set.of());
  }

  private static SourceProvider provider(SourceSpec spec) {
    TreeSet<String> known = new TreeSet<>();
    for (SourceProvider provider : ServiceLoader.load(SourceProvider.class)) {
      if (provider.type().equalsIgnoreCase(spec.type())) {
        return provider;
      }
      known.add(provider.type());
    }
    Optional<SourceProvider> plugin = SourcePlugins.find(spec.type());
    if (plugin.isPresent()) {
      return plugin.get();
    }
    Optional<String> missing = SourcePlugins.missing(spec.type());
    if (missing.isPresent()) {
      throw new IllegalArgumentException("Source '" + spec.name() + "': " + missing.get() + ".");
    }
    throw new IllegalArgumentException(
        "Source '"
            + spec.name()
            + "' has unknown type '"
            + spec.type()
            + "'; known types: "
            + known
            + ".");
  }
}
