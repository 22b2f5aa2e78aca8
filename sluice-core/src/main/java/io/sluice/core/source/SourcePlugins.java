package io.sluice.core.source;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Source types whose libraries stay off the class path (HBase and Hadoop for {@code hbase-snapshot}
 * and {@code hfiles}): each is a folder of jars, {@code PLUGINS/FOLDER/*.jar} (named for its type,
 * or for the plugin that holds several: {@code hbase-snapshot/}), loaded in a class loader of its
 * own, its jars before the application's ({@link PluginClassLoader}), only when a job names that
 * type, and its {@link SourceProvider} found there with {@link ServiceLoader}.
 *
 * <p>The plugin folders are those the system property {@value #PROPERTY} lists (separated as a
 * class path is; the {@code ./sluice} script names the ones its checkout builds), then {@code
 * plugins/} beside the jar this class is in.
 */
final class SourcePlugins {

  static final String PROPERTY = "sluice.plugins";

  /** Where a plugin type is: the folder of its jars, and the module whose build writes it. */
  private record Plugin(String folder, String module) {}

  /** The plugin types Sluice knows; both HBase sources are in one plugin. */
  private static final Map<String, Plugin> PLUGINS =
      Map.of(
          "hbase-snapshot", new Plugin("hbase-snapshot", "sluice-hbase"),
          "hfiles", new Plugin("hbase-snapshot", "sluice-hbase"));

  private static final Map<Path, ClassLoader> LOADERS = new ConcurrentHashMap<>();

  private SourcePlugins() {}

  /** The provider of {@code type} in a plugin folder, if one holds it. */
  static Optional<SourceProvider> find(String type) {
    String name = type == null ? "" : type.toLowerCase(Locale.ROOT);
    if (!name.matches("[a-z0-9-]+")) {
      return Optional.empty();
    }
    Plugin known = PLUGINS.get(name);
    for (Path root : roots()) {
      Path folder = root.resolve(known == null ? name : known.folder());
      if (Files.isDirectory(folder)) {
        ClassLoader loader =
            LOADERS.computeIfAbsent(folder.toAbsolutePath(), SourcePlugins::loader);
        for (SourceProvider provider : ServiceLoader.load(SourceProvider.class, loader)) {
          if (provider.type().equals(name)) {
            return Optional.of(provider);
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * What to do when {@code type} is a plugin type whose folder was not found: one sentence naming
   * the module to build; empty for a type Sluice does not know.
   */
  static Optional<String> missing(String type) {
    Plugin plugin = PLUGINS.get(type == null ? "" : type.toLowerCase(Locale.ROOT));
    if (plugin == null) {
      return Optional.empty();
    }
    return Optional.of(
        "type '"
            + type
            + "' is read by the "
            + plugin.module()
            + " plugin, which was not found: build it with './mvnw -B -DskipTests -pl "
            + plugin.module()
            + " -am package' (it writes "
            + plugin.module()
            + "/target/plugins/"
            + plugin.folder()
            + "/, where ./sluice looks), or give java -D"
            + PROPERTY
            + "=FOLDER, the folder holding "
            + plugin.folder()
            + "/");
  }

  /** The folders that may hold plugin folders, in the order they are searched. */
  static List<Path> roots() {
    List<Path> roots = new ArrayList<>();
    String listed = System.getProperty(PROPERTY, "");
    for (String entry : listed.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        roots.add(Path.of(entry));
      }
    }
    besideJar().ifPresent(roots::add);
    return roots;
  }

  private static Optional<Path> besideJar() {
    try {
      Path location =
          Path.of(SourcePlugins.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(location)
          ? Optional.of(location.resolveSibling("plugins"))
          : Optional.empty();
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static ClassLoader loader(Path folder) {
    List<URL> jars = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
        jars.add(jar.toUri().toURL());
      }
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the plugin folder " + folder, e);
    }
    return new PluginClassLoader(
        "sluice-plugin-" + folder.getFileName(),
        jars.toArray(URL[]::new),
        SourcePlugins.class.getClassLoader());
  }
}
