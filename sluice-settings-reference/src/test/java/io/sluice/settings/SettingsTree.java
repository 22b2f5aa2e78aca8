package io.sluice.settings;

import io.sluice.cassandra.table.TableSourceOptions;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.sink.TargetProvider;
import io.sluice.core.source.SourceProvider;
import io.sluice.proxy.ProxyConfig;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Every settings record a user writes, found from the roots (the job file, each source and target
 * type's {@code options:}, {@code proxy.yaml}) through their nested parts, each in one section at
 * the first path it is reached by.
 */
final class SettingsTree {

  static final String JOB_FILE = "The job file";
  static final String SOURCE_OPTIONS = "Source options";
  static final String TARGET_OPTIONS = "Target options";
  static final String PROXY_FILE = "The proxy file";
  static final String CLUSTER = "Cluster settings";

  /**
   * Parts of a file whose keys a module reads itself (a map in the record that holds them): what
   * each one's settings are, a record or a part of the reference.
   */
  private static final Map<String, Object> OPEN_PARTS =
      Map.of(
          "JobSpec.spark", sparkSettings(),
          "SourceSpec.options", SOURCE_OPTIONS,
          "TargetSpec.options", TARGET_OPTIONS);

  private final Map<Class<?>, Section> sections = new LinkedHashMap<>();

  private SettingsTree() {}

  static SettingsTree build() {
    SettingsTree tree = new SettingsTree();
    tree.add(JOB_FILE, "top-level keys", "", JobSpec.class);
    for (SourceProvider provider : sorted(ServiceLoader.load(SourceProvider.class))) {
      tree.add(SOURCE_OPTIONS, "type: " + provider.type(), "", provider.optionsType());
    }
    for (TargetProvider provider : sorted(ServiceLoader.load(TargetProvider.class))) {
      if (provider.optionsType() != null) {
        tree.add(TARGET_OPTIONS, "target type: " + provider.type(), "", provider.optionsType());
      }
    }
    tree.add(PROXY_FILE, "proxy.yaml", "", ProxyConfig.class);
    return tree;
  }

  /** The sections, in the order the reference shows them. */
  List<Section> sections() {
    return List.copyOf(sections.values());
  }

  /** The section of {@code record}. */
  Section sectionOf(Class<?> record) {
    return sections.get(record);
  }

  /** What an open part ({@code spark:}, a source's {@code options:}) holds, or null. */
  static Object openPart(SettingKey key) {
    return OPEN_PARTS.get(key.record().getSimpleName() + "." + key.name());
  }

  /**
   * @param heading the section's heading when it is new
   * @param path the keys that lead to the record, such as {@code flow.compaction}; empty at a root
   */
  private void add(String part, String heading, String path, Class<?> record) {
    Section known = sections.get(record);
    if (known != null) {
      known
          .alsoAt()
          .add(known.part().equals(part) ? "`" + heading + "`" : placeName(part, heading));
    } else {
      sections.put(record, new Section(part, heading, record));
    }
    if (SettingsRecords.holdsClusterSettings(record)) {
      if (!sections.containsKey(ClusterSpec.class)) {
        sections.put(ClusterSpec.class, new Section(JOB_FILE, CLUSTER, ClusterSpec.class));
        walk(JOB_FILE, "", ClusterSpec.class);
      }
      sections.get(ClusterSpec.class).alsoAt().add(placeName(part, heading));
    }
    if (known == null) {
      walk(part, path, record);
    }
  }

  /**
   * Adds the parts {@code record}'s keys hold, but the cluster settings' (of their own section).
   */
  private void walk(String part, String path, Class<?> record) {
    for (SettingKey key : SettingsRecords.keysOf(record)) {
      if (SettingsRecords.isClusterKey(key)) {
        continue;
      }
      if (openPart(key) instanceof Class<?> settings) {
        String openPath = (path.isEmpty() ? "" : path + ".") + key.name();
        add(part, openPath, openPath, settings);
        continue;
      }
      String childPath = childPath(path, key);
      for (Class<?> nested : SettingsRecords.nestedRecords(key.component())) {
        add(part, childPath, childPath, nested);
      }
    }
  }

  /** {@code `primary` in [the proxy file](#the-proxy-file)}: where a part sits, in Markdown. */
  private static String placeName(String part, String heading) {
    String place = "`" + heading + "`";
    return part.equals(JOB_FILE)
        ? place
        : place + " in " + Markdown.link(part.toLowerCase(java.util.Locale.ROOT), part);
  }

  /** {@code target.tls}, {@code sources[]}, {@code mapping.columns.NAME}. */
  private static String childPath(String parent, SettingKey key) {
    String suffix = "";
    if (key.component().getGenericType() instanceof ParameterizedType generic) {
      suffix = Map.class.isAssignableFrom((Class<?>) generic.getRawType()) ? ".NAME" : "[]";
    }
    return (parent.isEmpty() ? "" : parent + ".") + key.name() + suffix;
  }

  private static <T> List<T> sorted(ServiceLoader<T> loader) {
    List<T> providers = new ArrayList<>();
    loader.forEach(providers::add);
    providers.sort(Comparator.comparing(SettingsTree::typeOf));
    return providers;
  }

  private static String typeOf(Object provider) {
    return provider instanceof SourceProvider source
        ? source.type()
        : ((TargetProvider) provider).type();
  }

  /** Spark's {@code spark:} settings: a package-private record of {@code sluice-spark}. */
  private static Class<?> sparkSettings() {
    try {
      return Class.forName("io.sluice.spark.SparkSettings");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("sluice-spark is not on the class path", e);
    }
  }

  /** The records that hold a cluster's settings at their own level. */
  static List<Class<?>> clusterHolders() {
    return List.of(TargetSpec.class, TableSourceOptions.class, proxyCluster());
  }

  private static Class<?> proxyCluster() {
    try {
      return Class.forName("io.sluice.proxy.ProxyCluster");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
