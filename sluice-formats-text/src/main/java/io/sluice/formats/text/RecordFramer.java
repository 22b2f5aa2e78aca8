package io.sluice.formats.text;

import java.io.IOException;
import java.util.Arrays;

/**
 * Cuts a byte stream into records without decoding characters, so every record's byte offset and
 * size are exact whatever the encoding. It sits between the {@link ByteWindow} and a format's
 * decoder, and is where record boundaries, blank and comment lines, and CSV quoting damage are
 * found.
 *
 * <p>A record ends at a line feed ({@code \n}); a carriage return right before it is dropped from
 * the content. Under CSV rules with {@code multiline}, a line feed inside a quoted field, or right
 * after the escape character, belongs to the field instead. The CSV scan follows the same rules as
 * Commons CSV, which later takes the fields apart: a quote opens a quoted field only as a field's
 * first character, a doubled quote inside one is a quote, the escape character takes the next
 * character literally, and only spaces and tabs may follow a closing quote. Breaking those rules
 * does not change where the record ends; the record is returned with a {@link Frame#problem()}.
 *
 * <p>Special characters are compared as single bytes, which is why CSV sources accept only
 * encodings where ASCII characters are single bytes that never occur inside other characters.
 */
final class RecordFramer {

  static final String UNCLOSED_AT_END_OF_FILE =
      "a quoted field is not closed before the end of the file";
  static final String UNCLOSED_AT_END_OF_LINE =
      "a quoted field is not closed at the end of the line (multiline is false)";
  static final String QUOTE_IN_UNQUOTED =
      "a quote inside an unquoted field (quote the field and double its quotes, as RFC 4180 does,"
          + " or set lenient-quotes: true)";
  static final String TEXT_AFTER_QUOTE = "a closing quote is followed by text before the delimiter";
  static final String BARE_CR =
      "a carriage return not followed by a line feed splits the line (lines must end in LF or CRLF)";
  static final String ESCAPE_AT_END_OF_LINE =
      "the line ends with an escape character (multiline is false)";
  static final String ESCAPE_AT_END_OF_FILE = "the file ends with an escape character";

  /**
   * One record's bytes.
   *
   * @param offset where the record's first byte is
   * @param line line feeds consumed by this framer before that byte
   * @param content the record's bytes without its final line break; shared, valid until the next
   *     call to {@link #next}
   * @param length how many bytes of {@code content} belong to the record
   * @param sizeBytes bytes the record covers in the stream, line breaks included
   * @param truncated whether the record was longer than the limit and {@code content} cut short
   * @param problem what breaks the CSV quoting rules, or {@code null}
   */
  record Frame(
      long offset,
      long line,
      byte[] content,
      int length,
      long sizeBytes,
      boolean truncated,
      String problem) {}

  private static final int LF = '\n';
  private static final int CR = '\r';
  private static final int FIELD_START = 0;
  private static final int UNQUOTED = 1;
  private static final int QUOTED = 2;
  private static final int QUOTE_SEEN = 3;
  private static final int AFTER_CLOSE = 4;

  private final ByteWindow in;
  private final Framing framing;
  private byte[] content = new byte[8192];
  private int length;
  private boolean truncated;
  private long lines;

  RecordFramer(ByteWindow in, Framing framing) {
    this.in = in;
    this.framing = framing;
  }

  /** The offset of the next unread byte. */
  long position() {
    return in.position();
  }

  /** Line feeds consumed so far. */
  long lines() {
    return lines;
  }

  /**
   * Returns the next record if it starts before {@code limit}, skipping blank lines and comment
   * lines; {@code null} at the end of the stream or when the next record starts at or past {@code
   * limit} (it is then left unread).
   */
  Frame next(long limit) throws IOException {
    while (in.fill()) {
      long offset = in.position();
      if (offset >= limit) {
        return null;
      }
      long line = lines;
      if (framing.comment() >= 0 && (in.buf[in.pos] & 0xff) == framing.comment()) {
        skipLine();
        continue;
      }
      String problem = framing.csv() ? scanCsv() : scanLine();
      long size = in.position() - offset;
      if (problem == null && !truncated && isBlank()) {
        continue;
      }
      return new Frame(offset, line, content, length, size, truncated, problem);
    }
    return null;
  }

  /** Consumes everything up to and including the next line feed (or to the end). */
  void skipLine() throws IOException {
    while (in.fill()) {
      byte[] b = in.buf;
      int end = in.limit;
      for (int i = in.pos; i < end; i++) {
        if (b[i] == LF) {
          in.pos = i + 1;
          lines++;
          return;
        }
      }
      in.pos = end;
    }
  }

  /** Consumes bytes up to {@code offset}, counting line feeds. */
  void skipTo(long offset) throws IOException {
    while (in.position() < offset && in.fill()) {
      int end = (int) Math.min(in.limit, in.pos + (offset - in.position()));
      for (int i = in.pos; i < end; i++) {
        if (in.buf[i] == LF) {
          lines++;
        }
      }
      in.pos = end;
    }
  }

  private String scanLine() throws IOException {
    startRecord();
    while (in.fill()) {
      byte[] b = in.buf;
      int from = in.pos;
      int end = in.limit;
      int i = from;
      while (i < end && b[i] != LF) {
        i++;
      }
      append(b, from, i - from);
      if (i < end) {
        in.pos = i + 1;
        lines++;
        stripCr();
        return null;
      }
      in.pos = end;
    }
    stripCr();
    return null;
  }

  private String scanCsv() throws IOException {
    startRecord();
    final int delimiter = framing.delimiter();
    final int quote = framing.quote();
    final int escape = framing.escape();
    final boolean multiline = framing.multiline();
    String problem = null;
    int state = FIELD_START;
    boolean escaped = false;
    boolean crOutside = false;
    while (in.fill()) {
      byte[] b = in.buf;
      int from = in.pos;
      int end = in.limit;
      for (int i = from; i < end; i++) {
        int c = b[i] & 0xff;
        boolean crBefore = crOutside;
        crOutside = false;
        if (c == LF) {
          lines++;
        } else if (crBefore && problem == null) {
          problem = BARE_CR;
        }
        boolean endsRecord = false;
        if (escaped) {
          escaped = false;
          if (c == LF && !multiline) {
            problem = problem == null ? ESCAPE_AT_END_OF_LINE : problem;
            endsRecord = true;
          }
        } else {
          if (state == QUOTE_SEEN) {
            state = c == quote ? QUOTED : AFTER_CLOSE;
            if (state == QUOTED) {
              continue;
            }
          }
          if (state == QUOTED) {
            if (c == escape) {
              escaped = true;
            } else if (c == quote) {
              state = QUOTE_SEEN;
            } else if (c == LF && !multiline) {
              problem = problem == null ? UNCLOSED_AT_END_OF_LINE : problem;
              endsRecord = true;
            }
          } else if (c == LF) {
            endsRecord = true;
          } else if (c == delimiter) {
            state = FIELD_START;
          } else if (c == CR) {
            crOutside = true;
          } else if (state == AFTER_CLOSE) {
            if (c != ' ' && c != '\t') {
              problem = problem == null ? TEXT_AFTER_QUOTE : problem;
              state = UNQUOTED;
            }
          } else if (state == FIELD_START && c == quote) {
            state = QUOTED;
          } else if (c == quote && !framing.lenientQuotes()) {
            problem = problem == null ? QUOTE_IN_UNQUOTED : problem;
            state = UNQUOTED;
          } else {
            state = UNQUOTED;
            escaped = c == escape;
          }
        }
        if (endsRecord) {
          append(b, from, i - from);
          in.pos = i + 1;
          if (crBefore) {
            stripCr();
          }
          return problem;
        }
      }
      append(b, from, end - from);
      in.pos = end;
    }
    if (problem == null && state == QUOTED) {
      problem = escaped ? ESCAPE_AT_END_OF_FILE : UNCLOSED_AT_END_OF_FILE;
    } else if (problem == null && escaped) {
      problem = ESCAPE_AT_END_OF_FILE;
    }
    if (crOutside) {
      stripCr();
    }
    return problem;
  }

  private void startRecord() {
    length = 0;
    truncated = false;
  }

  private void append(byte[] b, int from, int n) {
    int room = framing.maxRecordBytes() - length;
    if (n > room) {
      truncated = true;
      n = room;
    }
    if (n <= 0) {
      return;
    }
    if (length + n > content.length) {
      content =
          Arrays.copyOf(
              content,
              Math.max(length + n, Math.min(content.length * 2, framing.maxRecordBytes())));
    }
    System.arraycopy(b, from, content, length, n);
    length += n;
  }

  private void stripCr() {
    if (length > 0 && content[length - 1] == CR && !truncated) {
      length--;
    }
  }

  private boolean isBlank() {
    if (!framing.skipWhitespaceLines()) {
      return length == 0;
    }
    for (int i = 0; i < length; i++) {
      byte c = content[i];
      if (c != ' ' && c != '\t' && c != CR) {
        return false;
      }
    }
    return true;
  }
}
