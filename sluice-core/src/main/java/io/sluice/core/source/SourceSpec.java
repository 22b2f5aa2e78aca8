package io.sluice.core.source;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.sluice.core.job.Setting;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One entry of a job file's {@code sources} list. */
public record SourceSpec(
    @Setting(
            value = "A short name for reports, rejects and checkpoints.",
            shownDefault = "the type and position, such as `bson-1`")
        String name,
    @Setting(value = "Which kind of source reads it: see its options below.", example = "bson")
        String type,
    @Setting("Files, folders or globs to read (`path` is accepted for a single one).")
        @JsonAlias("path")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> paths,
    @Setting(
            value =
                "The fixed write timestamp of every row of this source; later sources of a job"
                    + " must have strictly larger ones.",
            shownDefault = "derived from the source's place in the job")
        Instant writeTimestamp,
    @Setting(
            "A record field holding each row's write time (a date, or microseconds since the"
                + " epoch); takes precedence over the fixed timestamp.")
        String writeTimestampField,
    @Setting("Settings of the source's own type.") Map<String, Object> options,
    @Setting(
            value =
                "In a job of several tables of files: the target table this source's rows go to,"
                    + " in the target's keyspace; its mapping under `per-table:`. Either every"
                    + " source of a job names its table, or none does.",
            shownDefault = "none: the job's `target.table`")
        String table) {

  public SourceSpec {
    paths = paths == null ? List.of() : List.copyOf(paths);
    options = options == null ? Map.of() : Map.copyOf(options);
  }

  /** A source of a job of one table, or of a source that reads several by itself. */
  public SourceSpec(
      String name,
      String type,
      List<String> paths,
      Instant writeTimestamp,
      String writeTimestampField,
      Map<String, Object> options) {
    this(name, type, paths, writeTimestamp, writeTimestampField, options, null);
  }

  /**
   * The files, folders or globs to read, for a source that reads files.
   *
   * @throws IllegalArgumentException when the job names none
   */
  public List<String> requiredPaths() {
    if (paths.isEmpty()) {
      throw new IllegalArgumentException("Source '" + name + "' has no 'path'.");
    }
    return paths;
  }

  /**
   * This source under another name with other options, its type, paths and write timestamps kept:
   * one table of a source that reads several ({@link SourceProvider#tables}).
   */
  public SourceSpec withNameAndOptions(String newName, Map<String, Object> newOptions) {
    return new SourceSpec(
        newName, type, paths, writeTimestamp, writeTimestampField, newOptions, table);
  }

  /**
   * This source as its table's own job holds it, its {@code table:} said by that job's target: the
   * table's job is a job of one table.
   */
  public SourceSpec withoutTable() {
    return new SourceSpec(name, type, paths, writeTimestamp, writeTimestampField, options, null);
  }

  /** The option's value as a string, or {@code fallback} when absent. */
  public String option(String key, String fallback) {
    Object value = options.get(key);
    return value == null ? fallback : value.toString();
  }
}
