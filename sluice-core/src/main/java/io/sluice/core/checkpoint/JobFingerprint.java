package io.sluice.core.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sluice.core.job.JobSpec;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Sources;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What makes a job the same job for resuming: digests of its sources (type, paths, options, write
 * timestamps), its target table and its mapping. Contact points, credentials and flow settings are
 * left out, a table source's own among them ({@link Sources#optionsAResumeMayChange}): a job may
 * resume against a moved cluster or with other limits.
 *
 * @param sources digest of the source list
 * @param target digest of the target keyspace, table and null handling
 * @param mapping digest of the mapping
 */
public record JobFingerprint(String sources, String target, String mapping) {

  private static final ObjectMapper CANONICAL =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

  public static JobFingerprint of(JobSpec job) {
    return new JobFingerprint(digest(sources(job)), digest(target(job)), digest(job.mapping()));
  }

  /**
   * The fingerprint of a job of several tables, each given as its own table's job: the same as
   * {@link #of(JobSpec)} for one.
   */
  public static JobFingerprint of(List<JobSpec> tables) {
    if (tables.size() == 1) {
      return of(tables.get(0));
    }
    List<Object> sources = new ArrayList<>();
    List<Object> targets = new ArrayList<>();
    List<Object> mappings = new ArrayList<>();
    for (JobSpec table : tables) {
      sources.add(sources(table));
      targets.add(target(table));
      mappings.add(table.mapping());
    }
    return new JobFingerprint(digest(sources), digest(targets), digest(mappings));
  }

  private static List<Object> sources(JobSpec job) {
    List<Object> sources = new ArrayList<>();
    for (SourceSpec source : job.sources()) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("name", source.name());
      fields.put("type", source.type());
      fields.put("paths", source.paths());
      Map<String, Object> options = new TreeMap<>(source.options());
      options.keySet().removeAll(Sources.optionsAResumeMayChange(source));
      fields.put("options", options);
      fields.put("write-timestamp", source.writeTimestamp());
      fields.put("write-timestamp-field", source.writeTimestampField());
      sources.add(fields);
    }
    return sources;
  }

  private static Map<String, Object> target(JobSpec job) {
    Map<String, Object> target = new LinkedHashMap<>();
    target.put("keyspace", job.target().keyspace());
    target.put("table", job.target().table());
    target.put("null-values", job.target().nullValues());
    return target;
  }

  /** The parts that differ from {@code other}, such as "mapping", for a message. */
  public List<String> differences(JobFingerprint other) {
    List<String> parts = new ArrayList<>();
    if (!sources.equals(other.sources)) {
      parts.add("sources");
    }
    if (!target.equals(other.target)) {
      parts.add("target table");
    }
    if (!mapping.equals(other.mapping)) {
      parts.add("mapping");
    }
    return parts;
  }

  private static String digest(Object value) {
    try {
      byte[] json = CANONICAL.writeValueAsString(value).getBytes(StandardCharsets.UTF_8);
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json), 0, 12);
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot fingerprint the job", e);
    }
  }
}
