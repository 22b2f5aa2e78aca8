package io.sluice.formats.bson;

/**
 * The options a {@code bson} source accepts under {@code options:} in a job file. Declared once
 * here, with their defaults and help text; {@link BsonSourceOptions} parses them.
 */
public enum BsonSourceOption {
  SPLIT_SIZE(
      "split-size",
      "64MiB",
      "Target size of a split of a plain .bson file: a split ends at the first document boundary"
          + " at or past it. Bytes, or a number with KiB, MiB or GiB (K, KB, M, MB, G, GB are read"
          + " as the same binary units). .bson.gz files are never split."),
  COLLECTION(
      "collection",
      null,
      "Read only this collection, or these (a list): the name from <collection>.metadata.json,"
          + " else from the file name. Without it a dump folder yields every collection except"
          + " system.* ones."),
  SPLIT_CACHE(
      "split-cache",
      "true",
      "Keep the split points of each file larger than one split in <file>.splits beside it, and"
          + " reuse them while the file's size and modification time are unchanged; false never"
          + " reads or writes them. A folder that cannot be written to just goes without.");

  private final String key;
  private final String defaultValue;
  private final String description;

  BsonSourceOption(String key, String defaultValue, String description) {
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

  static BsonSourceOption forKey(String key) {
    for (BsonSourceOption option : values()) {
      if (option.key.equals(key)) {
        return option;
      }
    }
    return null;
  }
}
