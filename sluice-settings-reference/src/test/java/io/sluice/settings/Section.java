package io.sluice.settings;

import java.util.ArrayList;
import java.util.List;

/**
 * One settings record's section of the reference.
 *
 * @param part the part of the reference it belongs to (the job file, a source type's options...)
 * @param heading its heading, the path of keys where it is first reached
 * @param record the settings record
 * @param alsoAt the other paths it is reached at
 */
record Section(String part, String heading, Class<?> record, List<String> alsoAt) {

  Section(String part, String heading, Class<?> record) {
    this(part, heading, record, new ArrayList<>());
  }
}
