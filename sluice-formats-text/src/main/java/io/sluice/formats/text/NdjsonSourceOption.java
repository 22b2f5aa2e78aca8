package io.sluice.formats.text;

/**
 * The options an {@code ndjson} source accepts under {@code options:} in a job file. Declared once
 * here, with their defaults and help text; {@link NdjsonSourceOptions} parses them.
 */
public enum NdjsonSourceOption implements TextOption {
  SPLIT_SIZE(
      "split-size",
      "64MiB",
      "Size of the byte ranges a plain file is cut into; each range reads the lines that start in"
          + " it. Bytes, or a number with KiB, MiB or GiB (K, KB, M, MB, G, GB are read as the same"
          + " binary units). Compressed files are never split."),
  MAX_RECORD_SIZE(
      "max-record-size",
      "16MiB",
      "The longest line accepted; a longer one is rejected and reading goes on after it."),
  EXTENDED_JSON(
      "extended-json",
      "true",
      "Read MongoDB Extended JSON wrappers, as mongoexport writes them ({\"$oid\": ...},"
          + " {\"$date\": ...}, {\"$numberLong\": ...}, ...), as the typed values the BSON source"
          + " gives; false keeps them as documents.");

  private final String key;
  private final String defaultValue;
  private final String description;

  NdjsonSourceOption(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public String defaultValue() {
    return defaultValue;
  }

  @Override
  public String description() {
    return description;
  }
}
