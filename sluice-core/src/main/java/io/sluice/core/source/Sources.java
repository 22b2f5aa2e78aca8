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
    return find(spec.type()).map(SourceProvider::optionsAResumeMayChange).orElse(Set.of());
  }

  /** The provider of {@code type}: on the class path, else in a plugin folder. */
  private static Optional<SourceProvider> find(String type) {
    for (SourceProvider provider : ServiceLoader.load(SourceProvider.class)) {
      if (provider.type().equalsIgnoreCase(type)) {
        return Optional.of(provider);
      }
    }
    return SourcePlugins.find(type);
  }

  private static SourceProvider provider(SourceSpec spec) {
    Optional<SourceProvider> found = find(spec.type());
    if (found.isPresent()) {
      return found.get();
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
            + known()
            + ".");
  }

  /** The types of the providers on the class path, for a message. */
  private static TreeSet<String> known() {
    TreeSet<String> known = new TreeSet<>();
    ServiceLoader.load(SourceProvider.class).forEach(provider -> known.add(provider.type()));
    return known;
  }
}
