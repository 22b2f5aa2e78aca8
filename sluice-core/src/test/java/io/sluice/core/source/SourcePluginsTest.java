package io.sluice.core.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcePluginsTest {

  /** A provider registered nowhere but in the plugin jar a test writes. */
  public static final class PluginProvider implements SourceProvider {
    @Override
    public String type() {
      return "test-plugin";
    }

    @Override
    public Class<? extends java.lang.Record> optionsType() {
      return SourceSpec.class;
    }

    @Override
    public Source create(SourceSpec spec, Path baseDir) {
      throw new UnsupportedOperationException("not created in this test");
    }
  }

  @TempDir Path dir;

  @AfterEach
  void clearProperty() {
    System.clearProperty(SourcePlugins.PROPERTY);
  }

  @Test
  void should_find_a_provider_in_the_folder_named_for_its_type() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("test-plugin"));
    try (JarOutputStream jar =
        new JarOutputStream(Files.newOutputStream(folder.resolve("plugin.jar")))) {
      jar.putNextEntry(new JarEntry("META-INF/services/" + SourceProvider.class.getName()));
      jar.write((PluginProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    assertThat(SourcePlugins.find("test-plugin")).isEmpty();

    System.setProperty(SourcePlugins.PROPERTY, dir.resolve("elsewhere") + File.pathSeparator + dir);

    assertThat(SourcePlugins.find("Test-Plugin")).get().isInstanceOf(PluginProvider.class);
    assertThat(SourcePlugins.find("other")).isEmpty();
    assertThat(SourcePlugins.find("../test-plugin")).isEmpty();
  }

  /**
   * A library the plugin holds comes from the plugin, even where the application holds it too (as
   * Spark holds its own Hadoop); Sluice's own classes come from the application.
   */
  @Test
  void should_load_the_plugins_own_libraries_before_the_applications() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("shadowing"));
    String library = "org/junit/jupiter/api/Test.class";
    String sluice = "io/sluice/core/source/Source.class";
    try (JarOutputStream jar =
        new JarOutputStream(Files.newOutputStream(folder.resolve("plugin.jar")))) {
      for (String entry : List.of(library, sluice)) {
        jar.putNextEntry(new JarEntry(entry));
        try (var in = getClass().getClassLoader().getResourceAsStream(entry)) {
          jar.write(in.readAllBytes());
        }
        jar.closeEntry();
      }
    }
    try (PluginClassLoader loader =
        new PluginClassLoader(
            "test",
            new java.net.URL[] {folder.resolve("plugin.jar").toUri().toURL()},
            getClass().getClassLoader())) {
      assertThat(loader.loadClass("org.junit.jupiter.api.Test").getClassLoader()).isSameAs(loader);
      assertThat(loader.getResource(library).toString()).contains("plugin.jar");
      assertThat(loader.loadClass(Source.class.getName())).isSameAs(Source.class);
      assertThat(loader.loadClass(SourcePluginsTest.class.getName()))
          .isSameAs(SourcePluginsTest.class);
    }
  }

  @Test
  void should_name_the_module_to_build_for_a_plugin_type_not_found() {
    SourceSpec spec = new SourceSpec("h", "hbase-snapshot", List.of("x"), null, null, Map.of());
    assertThatThrownBy(() -> Sources.create(spec, dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Source 'h': type 'hbase-snapshot' is read by the sluice-hbase plugin, which was not"
                + " found: build it with './mvnw -B -DskipTests -pl sluice-hbase -am package'");
    assertThat(SourcePlugins.missing("csv")).isEmpty();
  }

  /** Both HBase sources are in the one plugin folder that sluice-hbase's build writes. */
  @Test
  void should_find_an_hfiles_source_in_the_hbase_plugins_folder() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("hbase-snapshot"));
    try (JarOutputStream jar =
        new JarOutputStream(Files.newOutputStream(folder.resolve("plugin.jar")))) {
      jar.putNextEntry(new JarEntry("META-INF/services/" + SourceProvider.class.getName()));
      jar.write((HFilesProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    assertThat(SourcePlugins.missing("hfiles"))
        .get()
        .asString()
        .contains("sluice-hbase/target/plugins/hbase-snapshot/");

    System.setProperty(SourcePlugins.PROPERTY, dir.toString());

    assertThat(SourcePlugins.find("hfiles")).get().isInstanceOf(HFilesProvider.class);
  }

  /** A provider of type {@code hfiles} registered nowhere but in the jar a test writes. */
  public static final class HFilesProvider implements SourceProvider {
    @Override
    public String type() {
      return "hfiles";
    }

    @Override
    public Class<? extends java.lang.Record> optionsType() {
      return SourceSpec.class;
    }

    @Override
    public Source create(SourceSpec spec, Path baseDir) {
      throw new UnsupportedOperationException("not created in this test");
    }
  }
}
