package io.sluice.formats.parquet;

import io.sluice.core.value.BinaryValue;
import java.util.Base64;

/**
 * The text a Parquet MAP key becomes, since documents in Sluice's value model have text keys:
 * strings as they are, binary keys in base64, and every other key in its usual text form (numbers
 * in decimal, dates and times in ISO-8601, UUIDs canonical), which the mapper converts back when a
 * column is a {@code map<K, V>}.
 */
final class MapKeys {

  private MapKeys() {}

  static String text(Object key) {
    if (key instanceof String text) {
      return text;
    }
    if (key instanceof BinaryValue binary) {
      return Base64.getEncoder().encodeToString(binary.data());
    }
    return String.valueOf(key);
  }
}
