package io.sluice.core.run;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.validate.ColumnDifference;
import io.sluice.core.validate.Difference;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The reject file of a run: one JSON line per record or row that did not reach the target, with its
 * source position and the reason. Reject lines hold no field values beyond the record's id, so
 * nothing sensitive leaks into it.
 *
 * <p>Example line: {@code {"source":"dump-1","resource":"people.bson","offset":1048,
 * "id":"65a1...","stage":"decode","reason":"invalid UTF-8 in field 'name'"}}
 *
 * <p>A validation writes the same lines to {@code differences.jsonl}, and one line per {@link
 * Difference} with stage {@code difference}: its kind, the row's primary key, and for each column
 * that differs the source and target values as CQL literals (at most 80 characters each). An extra
 * row has no source position. Example: {@code {"source":"dump-1","resource":"people.bson",
 * "offset":1048,"id":"p0042","stage":"difference","kind":"mismatch","key":"id='p0042'",
 * "columns":[{"column":"name","source":"'Ada'","target":"'Bob'","target-writetime":17...}],
 * "repaired":false,"reason":"target differs in name"}}
 */
public final class RejectFile implements AutoCloseable {

  /** Where in the pipeline a record was rejected. */
  public enum Stage {
    /** The record could not be decoded. */
    DECODE,
    /** The record could not be mapped. */
    MAPPING,
    /** The target refused the row. */
    WRITE,
    /** A validation could not read the row back from the target. */
    CHECK,
    /** A validation found the row missing, different, changed since, or extra. */
    DIFFERENCE
  }

  private static final JsonFactory JSON = new JsonFactory();

  private final Path path;
  private final BufferedWriter out;

  /**
   * Opens the reject file of a run, keeping its first {@code keepBytes} bytes: the rejects an
   * earlier run committed (0 for a fresh run). Lines after them belong to records that run did not
   * finish, which this run redoes and rejects again if need be.
   */
  public RejectFile(Path path, long keepBytes) {
    this.path = path;
    try {
      Files.createDirectories(path.getParent());
      try (java.nio.channels.FileChannel channel =
          java.nio.channels.FileChannel.open(
              path, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        channel.truncate(keepBytes);
      }
      this.out =
          Files.newBufferedWriter(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open reject file " + path, e);
    }
  }

  public Path path() {
    return path;
  }

  public void add(String source, SourcePosition position, Stage stage, String reason) {
    add(source, position, stage, reason, null);
  }

  /**
   * Adds a line; {@code source} and {@code position} are {@code null} for an extra row, {@code
   * difference} is {@code null} for a reject.
   */
  public synchronized void add(
      String source, SourcePosition position, Stage stage, String reason, Difference difference) {
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      json.writeStartObject();
      if (source != null) {
        json.writeStringField("source", source);
      }
      if (position != null) {
        json.writeStringField("resource", position.resource());
        json.writeNumberField("offset", position.offset());
        if (position.id() != null) {
          json.writeStringField("id", position.id());
        }
      }
      json.writeStringField("stage", stage.name().toLowerCase(java.util.Locale.ROOT));
      if (difference != null) {
        writeDifference(json, difference);
      }
      json.writeStringField("reason", reason);
      json.writeEndObject();
      json.flush();
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write reject file " + path, e);
    }
  }

  private static void writeDifference(JsonGenerator json, Difference difference)
      throws IOException {
    json.writeStringField("kind", difference.kind().label());
    json.writeStringField("key", difference.key().toString());
    if (!difference.columns().isEmpty()) {
      json.writeArrayFieldStart("columns");
      for (ColumnDifference column : difference.columns()) {
        json.writeStartObject();
        json.writeStringField("column", column.column());
        json.writeStringField("source", column.sourceValue());
        json.writeStringField("target", column.targetValue());
        if (column.targetWritetime() != null) {
          json.writeNumberField("target-writetime", column.targetWritetime());
        }
        json.writeEndObject();
      }
      json.writeEndArray();
    }
    json.writeBooleanField("repaired", difference.repaired());
  }

  /** Flushes what was added and returns the file's length. */
  public synchronized long flushedLength() {
    try {
      out.flush();
      return Files.size(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write reject file " + path, e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close reject file " + path, e);
    }
  }
}
