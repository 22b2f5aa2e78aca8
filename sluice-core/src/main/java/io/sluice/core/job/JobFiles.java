package io.sluice.core.job;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sluice.core.source.SourceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads job files (YAML, kebab-case keys) into {@link JobSpec}s and checks them. */
public final class JobFiles {

  private static final ObjectMapper YAML =
      new ObjectMapper(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .build())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .registerModule(new JavaTimeModule())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          // 1.5 for a count is a mistake to name, not a 1 to read silently.
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          // A key given twice is a mistake (YAML forbids it), not a choice of the later value.
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private JobFiles() {}

  /** The mapper job files are read with, for other YAML documents of the same style. */
  public static ObjectMapper yamlMapper() {
    return YAML;
  }

  /**
   * Loads and checks a job file.
   *
   * @throws JobFileException with a one-sentence message naming the file and, where known, the line
   *     of the problem
   */
  public static JobSpec load(Path file) {
    JobSpec raw = readFile(file, JobSpec.class, "Job file");
    Path baseDir = file.toAbsolutePath().getParent();
    return resolve(raw, baseDir, defaultName(file));
  }

  /**
   * Reads and checks a job file's text, read elsewhere from {@code file} (by a Spark driver, for
   * executors that may not see the file): relative paths resolve against {@code file}'s folder, and
   * messages name it.
   */
  public static JobSpec parse(String text, Path file) {
    JobSpec raw = readText(text, file, JobSpec.class, "Job file");
    return resolve(raw, file.toAbsolutePath().getParent(), defaultName(file));
  }

  /**
   * Reads a YAML file of kebab-case settings, such as a job file or {@code proxy.yaml}, into its
   * record, unchecked.
   *
   * @param kind what the file is, capitalised, for messages: {@code Job file}
   * @throws JobFileException with a one-sentence message naming the file and, where known, the line
   *     of the problem
   */
  public static <T> T readFile(Path file, Class<T> type, String kind) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new JobFileException(kind + " " + file + " does not exist.");
    } catch (IOException e) {
      throw new JobFileException(
          "Cannot read " + kind.toLowerCase(Locale.ROOT) + " " + file + ": " + e.getMessage());
    }
    return readText(text, file, type, kind);
  }

  private static <T> T readText(String text, Path file, Class<T> type, String kind) {
    T raw;
    try {
      raw = YAML.readValue(text, type);
    } catch (UnrecognizedPropertyException e) {
      throw new JobFileException(
          file
              + at(e.getLocation())
              + ": unknown setting '"
              + e.getPropertyName()
              + "'; known settings here are "
              + e.getKnownPropertyIds()
              + ".");
    } catch (JsonProcessingException e) {
      throw new JobFileException(file + at(e.getLocation()) + ": " + JobFileErrors.describe(e));
    }
    if (raw == null) {
      throw new JobFileException(kind + " " + file + " is empty.");
    }
    return raw;
  }

  /**
   * Reads a part of a job file that its own module defines (a source's {@code options}) into a
   * record of kebab-case settings, as the job file itself is read.
   *
   * @param where the part's place in the job file for messages, such as {@code source 'orders'}
   * @throws JobFileException naming the setting that is unknown or holds the wrong kind of value
   */
  public static <T> T readPart(Map<String, Object> part, Class<T> type, String where) {
    try {
      return YAML.convertValue(part, type);
    } catch (IllegalArgumentException e) {
      if (e.getCause() instanceof UnrecognizedPropertyException unknown) {
        throw new JobFileException(
            where
                + ": unknown setting '"
                + unknown.getPropertyName()
                + "'; known settings here are "
                + unknown.getKnownPropertyIds()
                + ".");
      }
      if (e.getCause() instanceof JsonProcessingException cause) {
        throw new JobFileException(where + ": " + JobFileErrors.describe(cause) + ".");
      }
      throw new JobFileException(where + ": " + e.getMessage());
    }
  }

  /** Fills defaults and checks a job built in code or read from a file. */
  public static JobSpec resolve(JobSpec raw, Path baseDir, String defaultName) {
    String name = raw.name() == null ? defaultName : raw.name();
    if (!name.matches("[A-Za-z0-9._-]+")) {
      throw new JobFileException(
          "Job name '" + name + "' may only hold letters, digits, '.', '_' and '-'.");
    }
    if (raw.sources().isEmpty()) {
      throw new JobFileException("The job names no sources: add a 'sources:' list.");
    }
    if (raw.target() == null || raw.target().keyspace() == null) {
      throw new JobFileException("The job needs 'target:' with a 'keyspace' and a 'table'.");
    }
    List<SourceSpec> sources = new ArrayList<>();
    for (int i = 0; i < raw.sources().size(); i++) {
      SourceSpec s = raw.sources().get(i);
      if (s.type() == null) {
        throw new JobFileException("Source " + (i + 1) + " has no 'type' (such as bson).");
      }
      String sourceName = s.name() == null ? s.type() + "-" + (i + 1) : s.name();
      sources.add(
          new SourceSpec(
              sourceName,
              s.type(),
              s.paths(),
              s.writeTimestamp(),
              s.writeTimestampField(),
              s.options(),
              s.table()));
    }
    Path stateDir =
        raw.stateDir() == null
            ? baseDir.resolve(".sluice").resolve("jobs").resolve(name)
            : baseDir.resolve(raw.stateDir());
    return new JobSpec(
        name,
        sources,
        raw.target(),
        raw.mapping(),
        raw.perTable(),
        raw.flow(),
        raw.maxErrors(),
        stateDir,
        baseDir,
        raw.spark());
  }

  private static String defaultName(Path file) {
    String fileName = file.getFileName().toString();
    int dot = fileName.lastIndexOf('.');
    return (dot > 0 ? fileName.substring(0, dot) : fileName).replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static String at(JsonLocation location) {
    return location == null || location.getLineNr() < 0 ? "" : " line " + location.getLineNr();
  }
}
