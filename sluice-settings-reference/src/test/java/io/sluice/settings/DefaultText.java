package io.sluice.settings;

import io.sluice.core.job.Setting;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/** A setting's default as the reference shows it. */
final class DefaultText {

  private DefaultText() {}

  /**
   * @param value what the record holds when the file leaves the key out
   */
  static String of(RecordComponent component, Setting setting, Object value) {
    if (setting != null && !setting.shownDefault().isEmpty()) {
      return setting.shownDefault();
    }
    if (setting != null && !setting.example().isEmpty()) {
      return "required";
    }
    if (value == null
        || (value instanceof Collection<?> list && list.isEmpty())
        || (value instanceof Map<?, ?> map && map.isEmpty())) {
      return "none";
    }
    if (value instanceof Record) {
      return "its section's defaults";
    }
    return "`" + text(value) + "`";
  }

  private static String text(Object value) {
    if ("".equals(value)) {
      return "\"\""; // the empty text, which a list would otherwise show as nothing
    }
    if (value instanceof Collection<?> list) {
      return list.stream().map(DefaultText::text).collect(Collectors.joining(", ", "[", "]"));
    }
    return String.valueOf(value);
  }
}
