package io.sluice.settings;

import io.sluice.core.job.Setting;
import java.lang.reflect.RecordComponent;

/**
 * One key of a settings record as the reference shows it.
 *
 * @param record the record declaring it
 * @param component the record component it is read into
 * @param name the key as a file writes it (kebab-case)
 * @param setting its help, or null when the component carries none (a cluster setting, whose help
 *     is {@link io.sluice.core.job.ClusterSpec}'s)
 * @param defaultText the default as the reference shows it
 */
record SettingKey(
    Class<?> record, RecordComponent component, String name, Setting setting, String defaultText) {

  /** {@code TargetSpec.contact-points}: where the key is declared, for a failure message. */
  String place() {
    return record.getSimpleName() + "." + name;
  }

  /** The help, or empty. */
  String help() {
    return setting == null ? "" : setting.value().strip();
  }
}
