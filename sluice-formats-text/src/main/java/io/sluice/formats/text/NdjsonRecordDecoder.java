package io.sluice.formats.text;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Decodes one NDJSON line, which must hold one JSON object, into a record whose fields are the
 * object's, with {@link JsonValueDecoder}. The record's position carries its {@code _id} when it
 * has one.
 */
final class NdjsonRecordDecoder implements RecordDecoder {

  private final JsonValueDecoder json;
  private final int maxRecordBytes;

  NdjsonRecordDecoder(JsonValueDecoder json, int maxRecordBytes) {
    this.json = json;
    this.maxRecordBytes = maxRecordBytes;
  }

  @Override
  public SourceItem decode(RecordFramer.Frame frame, SourcePosition position, LongSupplier line) {
    if (frame.truncated()) {
      return reject(
          frame,
          position,
          line,
          "the line is longer than max-record-size (" + maxRecordBytes + " bytes)");
    }
    int invalid = Utf8Check.firstInvalid(frame.content(), 0, frame.length());
    if (invalid >= 0) {
      return reject(
          frame, position, line, "not valid UTF-8 (at byte " + (invalid + 1) + " of the line)");
    }
    try {
      Map<String, Object> fields = json.decodeObject(frame.content(), 0, frame.length());
      Object id = fields.get("_id");
      return new Record(
          id == null ? position : position.withId(id.toString()), fields, frame.sizeBytes());
    } catch (MalformedJsonException e) {
      return reject(frame, position, line, e.reason());
    }
  }

  private static MalformedRecord reject(
      RecordFramer.Frame frame, SourcePosition position, LongSupplier line, String reason) {
    return new MalformedRecord(
        position, "line " + line.getAsLong() + ": " + reason, frame.sizeBytes());
  }
}
