package io.sluice.settings;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.Setting;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads settings records as a file's reader sees them: their keys (kebab-case, or a component's
 * {@code @JsonProperty} name), their help and their defaults. A default is read as the record's
 * compact constructor gives it when the file leaves the key out: the record is read from a part
 * holding only the {@link Setting#example()}s of the settings that must be given.
 */
final class SettingsRecords {

  /**
   * The keys every cluster's settings take, read from {@link ClusterSpec}: a record holding {@code
   * contact-points} holds these at its own level, their help and defaults declared there only.
   */
  static final Set<String> CLUSTER_KEYS =
      keysOf(ClusterSpec.class).stream().map(SettingKey::name).collect(Collectors.toSet());

  private SettingsRecords() {}

  /** The keys of {@code record}, in the order it declares them. */
  static List<SettingKey> keysOf(Class<?> record) {
    Object defaults = defaultsOf(record);
    List<SettingKey> keys = new ArrayList<>();
    for (RecordComponent component : record.getRecordComponents()) {
      if (annotation(component, JsonIgnore.class) != null) {
        continue; // not read from a file
      }
      Setting setting = component.getAnnotation(Setting.class);
      keys.add(
          new SettingKey(
              record,
              component,
              keyOf(component),
              setting,
              DefaultText.of(component, setting, valueOf(component, defaults))));
    }
    return keys;
  }

  /** Whether {@code record} holds a cluster's settings at its own level. */
  static boolean holdsClusterSettings(Class<?> record) {
    return record != ClusterSpec.class
        && Stream.of(record.getRecordComponents())
            .anyMatch(component -> keyOf(component).equals("contact-points"));
  }

  /** Whether {@code key} is one of the cluster settings {@link ClusterSpec} declares for it. */
  static boolean isClusterKey(SettingKey key) {
    return holdsClusterSettings(key.record()) && CLUSTER_KEYS.contains(key.name());
  }

  /** The record types a component holds: itself, a list's or a map's values. */
  static List<Class<?>> nestedRecords(RecordComponent component) {
    List<Class<?>> nested = new ArrayList<>();
    collectRecords(component.getGenericType(), nested);
    return nested;
  }

  private static void collectRecords(Type type, List<Class<?>> into) {
    if (type instanceof Class<?> plain && plain.isRecord()) {
      into.add(plain);
    } else if (type instanceof ParameterizedType generic) {
      for (Type argument : generic.getActualTypeArguments()) {
        collectRecords(argument, into);
      }
    }
  }

  static String keyOf(RecordComponent component) {
    JsonProperty property = annotation(component, JsonProperty.class);
    if (property != null && !property.value().isEmpty()) {
      return property.value();
    }
    return component.getName().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
  }

  /**
   * A Jackson annotation of a component: Jackson's do not name record components as a target, so
   * Java puts them on the field (and the accessor and the constructor's parameter) instead.
   */
  private static <A extends Annotation> A annotation(RecordComponent component, Class<A> type) {
    try {
      return component
          .getDeclaringRecord()
          .getDeclaredField(component.getName())
          .getAnnotation(type);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The record as a file that gives none of its settings but the required ones reads it. */
  private static Object defaultsOf(Class<?> record) {
    Map<String, Object> part = new LinkedHashMap<>();
    for (RecordComponent component : record.getRecordComponents()) {
      Setting setting = component.getAnnotation(Setting.class);
      if (setting != null && !setting.example().isEmpty()) {
        part.put(keyOf(component), exampleValue(setting.example()));
      }
    }
    return JobFiles.readPart(part, record, record.getSimpleName());
  }

  /** An example as YAML reads it: {@code [-100, 100]} is a list, {@code 64} a number. */
  private static Object exampleValue(String example) {
    try {
      return JobFiles.yamlMapper().readValue(example, Object.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("Cannot read the example '" + example + "'", e);
    }
  }

  private static Object valueOf(RecordComponent component, Object record) {
    Method accessor = component.getAccessor();
    accessor.setAccessible(true); // a module's own record may be package-private
    try {
      return accessor.invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("Cannot read " + component, e);
    }
  }
}
