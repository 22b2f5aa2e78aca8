package io.sluice.formats.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
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

  // Read once from the options: the checks below run for every record.
  private final char delimiter;
  private final int quote;
  private final int escape;
  private final String encoding;
  private final CharsetDecoder decoder;
  private final CSVFormat format;

  CsvFieldParser(CsvSourceOptions options) {
    this.delimiter = (char) options.delimiterChar();
    this.quote = options.quoteChar();
    this.escape = options.escapeChar();
    Charset charset = options.charset();
    this.encoding = charset.name();
    this.decoder =
        charset
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    this.format = format(delimiter, quote, escape);
  }

  /** The Commons CSV dialect of these characters; comments and blank lines never reach it. */
  private static CSVFormat format(char delimiter, int quote, int escape) {
    return CSVFormat.DEFAULT
        .builder()
        .setDelimiter(delimiter)
        .setQuote(quote < 0 ? null : (char) quote)
        .setEscape(escape < 0 ? null : (char) escape)
        .setCommentMarker(null)
        .setIgnoreEmptyLines(false)
        .setIgnoreSurroundingSpaces(false)
        .setTrim(false)
        .setNullString(null)
        .get();
  }

  /**
   * The record as text. Every encoding a CSV source accepts reads bytes below 0x80 as ASCII ({@link
   * CsvEncodings}), so a record of only those skips the decoder and its buffer.
   */
  private String decode(byte[] bytes, int length) throws CellException {
    if (isAscii(bytes, length)) {
      return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }
    try {
      return decoder.reset().decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new CellException("the record is not valid " + encoding);
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
    return (quote < 0 || text.indexOf(quote) < 0)
        && (escape < 0 || text.indexOf(escape) < 0)
        && text.indexOf('\r') < 0;
  }

  private List<String> split(String text) {
    List<String> fields = new ArrayList<>();
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
