package io.sluice.formats.text;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Decodes one framed CSV record into a record of column name to text (or null for a null marker, or
 * a typed value for a typed column), in column order. Rejects, with {@code line N:} reasons, a
 * record that is too long, breaks the quoting rules, is not valid in the encoding, has another
 * number of fields than the header or {@code columns}, or holds a typed cell that does not fit.
 */
final class CsvRecordDecoder implements RecordDecoder {

  private final CsvLayout layout;
  private final CsvFieldParser fields;
  private final CsvCellTypes cellTypes;
  private final Set<String> nullValues;
  private final int maxRecordBytes;

  CsvRecordDecoder(CsvLayout layout, CsvSourceOptions options, CsvCellTypes cellTypes) {
    this.layout = layout;
    this.fields = new CsvFieldParser(options);
    this.cellTypes = cellTypes;
    this.nullValues = options.nullValueSet();
    this.maxRecordBytes = options.maxRecordBytes();
  }

  @Override
  public SourceItem decode(RecordFramer.Frame frame, SourcePosition position, LongSupplier line) {
    if (frame.truncated()) {
      return reject(
          frame,
          position,
          line,
          "the record is longer than max-record-size (" + maxRecordBytes + " bytes)");
    }
    if (frame.problem() != null) {
      return reject(frame, position, line, frame.problem());
    }
    List<String> texts;
    try {
      texts = fields.parse(frame.content(), frame.length());
    } catch (CellException e) {
      return reject(frame, position, line, e.getMessage());
    }
    int expected = layout.names().size();
    if (expected > 0 && texts.size() != expected) {
      return reject(
          frame, position, line, "expected " + expected + " fields, found " + texts.size());
    }
    Map<String, Object> record = new LinkedHashMap<>(Math.max(16, texts.size() * 2));
    for (int i = 0; i < texts.size(); i++) {
      String name = layout.name(i);
      String text = texts.get(i);
      try {
        record.put(name, nullValues.contains(text) ? null : cellTypes.read(name, text));
      } catch (CellException e) {
        return reject(frame, position, line, "column '" + name + "' " + e.getMessage());
      }
    }
    return new Record(position, record, frame.sizeBytes());
  }

  private static MalformedRecord reject(
      RecordFramer.Frame frame, SourcePosition position, LongSupplier line, String reason) {
    return new MalformedRecord(
        position, "line " + line.getAsLong() + ": " + reason, frame.sizeBytes());
  }
}
