package io.sluice.formats.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Takes one framed CSV record apart into its field texts: decodes its bytes strictly in the
 * declared encoding, then unquotes and unescapes its fields with Apache Commons CSV. A record
 * without quote, escape or carriage return characters is cut at its delimiters directly, which
 * gives what Commons CSV would, faster.
 *
 * <p>One per reader: it holds a charset decoder, which is not thread-safe.
 */
final class CsvFieldParser {

  private final CsvSourceOptions options;
  private final CharsetDecoder decoder;
  private final CSVFormat format;

  CsvFieldParser(CsvSourceOptions options) {
    this.options = options;
    this.decoder =
        options
            .encoding()
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    this.format = format(options);
  }

  /** The Commons CSV dialect of these options; comments and blank lines never reach it. */
  static CSVFormat format(CsvSourceOptions options) {
    return CSVFormat.DEFAULT
        .builder()
        .setDelimiter((char) options.delimiter())
        .setQuote(options.quote() < 0 ? null : (char) options.quote())
        .setEscape(options.escape() < 0 ? null : (char) options.escape())
        .setCommentMarker(null)
        .setIgnoreEmptyLines(false)
        .setIgnoreSurroundingSpaces(false)
        .setTrim(false)
        .setNullString(null)
        .get();
  }

  /**
   * The record as text. Every encoding a CSV source accepts reads bytes below 0x80 as ASCII ({@link
   * CsvSourceOptions}), so a record of only those skips the decoder and its buffer.
   */
  private String decode(byte[] bytes, int length) throws CellException {
    if (isAscii(bytes, length)) {
      return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }
    try {
      return decoder.reset().decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new CellException("the record is not valid " + options.encoding().name());
    }
  }

  private static boolean isAscii(byte[] bytes, int length) {
    for (int i = 0; i < length; i++) {
      if (bytes[i] < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The record's field texts.
   *
   * @throws CellException when its bytes are not valid in the encoding or Commons CSV refuses it
   */
  List<String> parse(byte[] bytes, int length) throws CellException {
    String text = decode(bytes, length);
    if (isPlain(text)) {
      return split(text);
    }
    try (CSVParser parser = CSVParser.parse(text, format)) {
      Iterator<CSVRecord> records = parser.iterator();
      if (!records.hasNext()) {
        return List.of("");
      }
      List<String> fields = records.next().toList();
      if (records.hasNext()) {
        throw new CellException(RecordFramer.BARE_CR);
      }
      return fields;
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      throw new CellException("the record is not valid CSV (" + e.getMessage() + ")");
    }
  }

  private boolean isPlain(String text) {
    return (options.quote() < 0 || text.indexOf(options.quote()) < 0)
        && (options.escape() < 0 || text.indexOf(options.escape()) < 0)
        && text.indexOf('\r') < 0;
  }

  private List<String> split(String text) {
    List<String> fields = new ArrayList<>();
    char delimiter = (char) options.delimiter();
    int from = 0;
    int at;
    while ((at = text.indexOf(delimiter, from)) >= 0) {
      fields.add(text.substring(from, at));
      from = at + 1;
    }
    fields.add(text.substring(from));
    return fields;
  }
}
