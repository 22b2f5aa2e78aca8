package io.sluice.core.source;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One entry of a job file's {@code sources} list.
 *
 * @param name a short name for reports, rejects and checkpoints; defaults to the type and position
 * @param type which {@link SourceProvider} reads it, such as {@code bson}
 * @param paths files, folders or globs to read ({@code path} is accepted for a single one)
 * @param writeTimestamp the fixed write timestamp of every row of this source; later sources of a
 *     job must have strictly larger ones. When absent, Sluice derives one from the source's place
 *     in the job (see {@code WriteTimestamps}).
 * @param writeTimestampField a record field holding each row's write time (a date, or microseconds
 *     since the epoch); takes precedence over the fixed timestamp
 * @param options format-specific settings, documented by each provider
 */
public record SourceSpec(
    String name,
    String type,
    @JsonAlias("path") @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> paths,
    Instant writeTimestamp,
    String writeTimestampField,
    Map<String, Object> options) {

  public SourceSpec {
    paths = paths == null ? List.of() : List.copyOf(paths);
    options = options == null ? Map.of() : Map.copyOf(options);
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

  /** The option's value as a string, or {@code fallback} when absent. */
  public String option(String key, String fallback) {
    Object value = options.get(key);
    return value == null ? fallback : value.toString();
  }
}
