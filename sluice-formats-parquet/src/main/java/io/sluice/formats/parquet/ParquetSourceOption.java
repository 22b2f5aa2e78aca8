package io.sluice.formats.parquet;

/**
 * The options a {@code parquet} source accepts under {@code options:} in a job file. Declared once
 * here, with their defaults and help text; {@link ParquetSourceOptions} parses them.
 */
public enum ParquetSourceOption {
  COLUMNS(
      "columns",
      null,
      "Read only these top-level columns (a list, or one name), each with everything nested in"
          + " it; records keep the files' column order. A name missing from some files reads as"
          + " null there; a name missing from every file is an error. Default: every column."),
  VERIFY_CHECKSUMS(
      "verify-checksums",
      "true",
      "Check the CRC-32 of every page that has one (Apache Parquet's writer adds them; some other"
          + " writers do not), so damaged bytes reject their row group instead of decoding into"
          + " wrong values. false skips the check."),
  BINARY_AS_STRING(
      "binary-as-string",
      "false",
      "Read BINARY columns without a logical type as UTF-8 text instead of bytes, for files from"
          + " writers that leave strings unannotated (old Hive, Impala and Spark versions).");

  private final String key;
  private final String defaultValue;
  private final String description;

  ParquetSourceOption(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  /** The option's name in a job file. */
  public String key() {
    return key;
  }

  /** The default, as a job file would spell it, or {@code null} when there is none. */
  public String defaultValue() {
    return defaultValue;
  }

  /** One paragraph of help. */
  public String description() {
    return description;
  }

  static ParquetSourceOption forKey(String key) {
    for (ParquetSourceOption option : values()) {
      if (option.key.equals(key)) {
        return option;
      }
    }
    return null;
  }
}
