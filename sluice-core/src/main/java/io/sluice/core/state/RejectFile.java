package io.sluice.core.state;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.sluice.core.value.UnicodeText;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The reject file of a run: one JSON line per record or row that did not reach the target, with its
 * source position and the reason. Reject lines hold no field values beyond the record's id, so
 * nothing sensitive leaks into it.
 *
 * <p>Text that is not well-formed Unicode (an id or a reason quoting half a surrogate pair) is
 * written with U+FFFD in its place: the position still finds the record.
 *
 * <p>Example line: {@code {"source":"dump-1","resource":"people.bson","offset":1048,
 * "id":"65a1...","stage":"decode","reason":"invalid UTF-8 in field 'name'"}}
 *
 * <p>A validation writes its rejects to a reject file of its own, and its findings alone to {@code
 * differences.jsonl}: one line per finding with stage {@code difference} (see {@link LineDetail}):
 * the record's {@code id} (null when its source gives records none, as CSV and Parquet), its kind,
 * the row's primary key, and for each column that differs the source and target values as CQL
 * literals (at most 80 characters each). An extra row has no source position. Example: {@code
 * {"source":"dump-1","resource":"people.bson",
 * "offset":1048,"id":"p0042","stage":"difference","kind":"mismatch","key":"id='p0042'",
 * "columns":[{"column":"name","source":"'Ada'","target":"'Bob'","target-writetime":17...}],
 * "repaired":false,"reason":"target differs in name"}}
 */
public final class RejectFile implements LineStore {

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

  @Override
  public String location() {
    return path.toString();
  }

  @Override
  public synchronized void add(RejectLine line) {
    try {
      out.write(toJson(line));
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write reject file " + path, e);
    }
  }

  /** A reject line as the file holds it: one JSON object, without the line end. */
  public static String toJson(RejectLine line) {
    StringWriter text = new StringWriter();
    try (JsonGenerator json = JSON.createGenerator(text)) {
      json.writeStartObject();
      if (line.source() != null) {
        json.writeStringField("source", UnicodeText.wellFormed(line.source()));
      }
      if (line.position() != null) {
        json.writeStringField("resource", line.position().resource());
        json.writeNumberField("offset", line.position().offset());
        if (line.position().id() != null) {
          json.writeStringField("id", UnicodeText.wellFormed(line.position().id()));
        } else if (line.detail() != null) {
          // A finding has the same fields whatever its source: a CSV or Parquet record has no id.
          json.writeNullField("id");
        }
      }
      json.writeStringField("stage", line.stage().name().toLowerCase(Locale.ROOT));
      if (line.detail() != null) {
        line.detail().writeFields(json);
      }
      json.writeStringField("reason", UnicodeText.wellFormed(line.reason()));
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a reject line", e);
    }
    return text.toString();
  }

  @Override
  public synchronized BufferedReader read() throws IOException {
    out.flush();
    return Files.newBufferedReader(path);
  }

  /** Flushes what was added and returns the file's length. */
  @Override
  public synchronized long mark() {
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
