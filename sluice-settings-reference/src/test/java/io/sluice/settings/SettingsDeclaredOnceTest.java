package io.sluice.settings;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cassandra.table.TableSourceOptions;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.TargetSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each setting is declared once. A setting that two records share is declared in one record both
 * hold (the cluster settings in {@link ClusterSpec}); two keys of the same name in different places
 * must be different settings, and their help must say how.
 */
class SettingsDeclaredOnceTest {

  @Test
  void should_find_no_setting_declared_twice_with_the_same_help() {
    Map<String, List<String>> placesByKeyAndHelp = new LinkedHashMap<>();
    for (Section section : SettingsTree.build().sections()) {
      for (SettingKey key : SettingsRecords.keysOf(section.record())) {
        if (!key.help().isBlank()) {
          placesByKeyAndHelp
              .computeIfAbsent(key.name() + ": " + normalized(key.help()), k -> new ArrayList<>())
              .add(key.place());
        }
      }
    }
    assertThat(placesByKeyAndHelp.values().stream().filter(places -> places.size() > 1))
        .as("settings declared twice: fold them into one record, or say how they differ")
        .isEmpty();
  }

  @Test
  void should_find_the_cluster_settings_declared_in_cluster_spec_only() {
    List<String> redeclared = new ArrayList<>();
    for (Section section : SettingsTree.build().sections()) {
      for (SettingKey key : SettingsRecords.keysOf(section.record())) {
        if (SettingsRecords.isClusterKey(key) && key.setting() != null) {
          redeclared.add(key.place() + " (declared in ClusterSpec." + key.name() + ")");
        }
      }
    }
    assertThat(redeclared).as("cluster settings re-declared outside ClusterSpec").isEmpty();
  }

  @Test
  void should_hold_every_cluster_setting_with_cluster_spec_type_and_default() {
    Map<String, SettingKey> cluster =
        SettingsRecords.keysOf(ClusterSpec.class).stream()
            .collect(Collectors.toMap(SettingKey::name, k -> k));
    // The proxy passes each request's own consistency on, and needs its clusters named: it
    // listens on a local node's default address itself.
    Map<Class<?>, Set<String>> left = new LinkedHashMap<>();
    left.put(TargetSpec.class, Set.of());
    left.put(TableSourceOptions.class, Set.of());
    left.put(SettingsTree.clusterHolders().get(2), Set.of("consistency"));
    Set<String> ownDefaults = Set.of("ProxyCluster.contact-points");

    for (Class<?> holder : SettingsTree.clusterHolders()) {
      assertThat(SettingsRecords.holdsClusterSettings(holder)).as(holder.getName()).isTrue();
      Set<String> held = new LinkedHashSet<>();
      for (SettingKey key : SettingsRecords.keysOf(holder)) {
        if (!SettingsRecords.isClusterKey(key)) {
          continue;
        }
        held.add(key.name());
        SettingKey declared = cluster.get(key.name());
        assertThat(key.component().getGenericType())
            .as("the type of %s", key.place())
            .isEqualTo(declared.component().getGenericType());
        if (!ownDefaults.contains(key.place())) {
          assertThat(key.defaultText())
              .as("the default of %s", key.place())
              .isEqualTo(declared.defaultText());
        }
      }
      Set<String> expected = new LinkedHashSet<>(cluster.keySet());
      expected.removeAll(left.get(holder));
      assertThat(held).as("the cluster settings %s holds", holder.getName()).isEqualTo(expected);
    }
  }

  private static String normalized(String help) {
    return help.replaceAll("\\s+", " ").toLowerCase();
  }
}
