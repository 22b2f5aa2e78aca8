package io.sluice.formats.text;

import java.util.Map;

/**
 * The parsed, validated options of an {@code ndjson} source (see {@link NdjsonSourceOption}).
 *
 * @param splitSize bytes per split of a plain file, at least 1
 * @param maxRecordBytes the longest line accepted
 * @param extendedJson whether Extended JSON wrappers become typed values
 */
public record NdjsonSourceOptions(long splitSize, int maxRecordBytes, boolean extendedJson) {

  public static NdjsonSourceOptions defaults() {
    return parse(Map.of());
  }

  /**
   * Parses a source's {@code options} map.
   *
   * @throws IllegalArgumentException naming the bad option, for unknown keys and bad values
   */
  public static NdjsonSourceOptions parse(Map<String, Object> options) {
    OptionValues values = OptionValues.of("ndjson", options, NdjsonSourceOption.values());
    return new NdjsonSourceOptions(
        values.size(NdjsonSourceOption.SPLIT_SIZE),
        RecordLimits.maxRecordBytes(values, NdjsonSourceOption.MAX_RECORD_SIZE),
        values.bool(NdjsonSourceOption.EXTENDED_JSON));
  }
}
