package io.sluice.settings;

import io.sluice.core.job.DurationText;
import io.sluice.core.job.ErrorThreshold;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/** The kind of value a setting takes, in the words of someone writing the file, not Java's. */
final class UserTypes {

  private UserTypes() {}

  /**
   * @param key the setting, whose default tells a duration from other text
   * @param link how a nested part is named: a link to its section
   */
  static String of(SettingKey key, java.util.function.Function<Class<?>, String> link) {
    Type type = key.component().getGenericType();
    if (type == String.class && isDuration(key.defaultText())) {
      return "duration, such as `10m`";
    }
    return of(type, link);
  }

  static String of(Type type, java.util.function.Function<Class<?>, String> link) {
    if (type instanceof ParameterizedType generic) {
      Class<?> raw = (Class<?>) generic.getRawType();
      Type[] arguments = generic.getActualTypeArguments();
      if (Collection.class.isAssignableFrom(raw)) {
        return "list of " + of(arguments[0], link);
      }
      if (Map.class.isAssignableFrom(raw)) {
        return arguments[1] == Object.class
            ? "section of `key: value` settings"
            : "map of text to " + of(arguments[1], link);
      }
    }
    Class<?> plain = (Class<?>) type;
    if (plain.isRecord()) {
      return link.apply(plain);
    }
    if (plain == String.class) {
      return "text";
    }
    if (plain == Path.class) {
      return "path";
    }
    if (plain == Integer.class
        || plain == Long.class
        || plain == int.class
        || plain == long.class) {
      return "integer";
    }
    if (plain == Double.class || plain == double.class) {
      return "number";
    }
    if (plain == Boolean.class || plain == boolean.class) {
      return "true/false";
    }
    if (plain == Instant.class) {
      return "time, such as `2024-05-01T00:00:00Z`";
    }
    if (plain == ErrorThreshold.class) {
      return "count or share, such as `100` or `1%`";
    }
    if (plain == Object.class) {
      return "any value";
    }
    return plain.getSimpleName();
  }

  private static boolean isDuration(String defaultText) {
    if (!defaultText.startsWith("`")) {
      return false;
    }
    try {
      DurationText.parse(defaultText.replace("`", ""), "");
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
