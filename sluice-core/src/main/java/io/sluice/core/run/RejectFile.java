package io.sluice.core.run;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.sluice.core.source.SourcePosition;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The reject file of a run: one JSON line per record or row that did not reach the target, with its
 * source position and the reason. Lines hold no field values beyond the record's id, so nothing
 * sensitive leaks into it.
 *
 * <p>Example line: {@code {"source":"dump-1","resource":"people.bson","offset":1048,
 * "id":"65a1...","stage":"decode","reason":"invalid UTF-8 in field 'name'"}}
 */
public final class RejectFile implements AutoCloseable {

  /** Where in the pipeline a record was rejected. */
  public enum Stage {
    DECODE,
    MAPPING,
    WRITE
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

  public synchronized void add(String source, SourcePosition position, Stage stage, String reason) {
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      json.writeStartObject();
      json.writeStringField("source", source);
      json.writeStringField("resource", position.resource());
      json.writeNumberField("offset", position.offset());
      if (position.id() != null) {
        json.writeStringField("id", position.id());
      }
      json.writeStringField("stage", stage.name().toLowerCase(java.util.Locale.ROOT));
      json.writeStringField("reason", reason);
      json.writeEndObject();
      json.flush();
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write reject file " + path, e);
    }
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
