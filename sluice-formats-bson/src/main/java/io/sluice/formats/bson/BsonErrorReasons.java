package io.sluice.formats.bson;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the bson library's exception messages into the one-sentence, data-free reasons a reject
 * file shows, and says where in the document the damage was found.
 */
final class BsonErrorReasons {

  private static final Pattern UNKNOWN_TYPE =
      Pattern.compile("Detected unknown BSON type \"\\\\x([0-9a-fA-F]+)\"");
  private static final Pattern SIZE_MISMATCH =
      Pattern.compile("Expected size to be (\\d+), not (\\d+)");
  private static final Pattern UNDERFLOW = Pattern.compile("bytes were required, but only");

  private BsonErrorReasons() {}

  /** What went wrong, as a lower-case clause without a final period. */
  static String describe(RuntimeException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    Matcher unknownType = UNKNOWN_TYPE.matcher(message);
    if (unknownType.find()) {
      return "unknown BSON type byte 0x" + unknownType.group(1).toLowerCase(java.util.Locale.ROOT);
    }
    Matcher sizeMismatch = SIZE_MISMATCH.matcher(message);
    if (sizeMismatch.find()) {
      return "a length prefix says "
          + sizeMismatch.group(1)
          + " bytes but the content takes "
          + sizeMismatch.group(2)
          + " (bad terminator or overrunning field)";
    }
    if (UNDERFLOW.matcher(message).find()) {
      return "a value runs past the end of the document";
    }
    if (message.contains("not null-terminated")) {
      return "a name or string runs past the end of the document without its zero terminator";
    }
    return message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
  }

  /**
   * Where the decoder was: "in field 'a.b.3'" when it was reading a value, "in document 'a'" or "in
   * the top-level document" when it was between fields.
   */
  static String location(Object[] path, int depth) {
    if (depth < 0) {
      return "at the start of the document";
    }
    if (path[depth] != null) {
      return "in field " + fieldPath(path, depth);
    }
    return depth == 0 ? "in the top-level document" : "in document " + fieldPath(path, depth - 1);
  }

  /** The dotted path of names and array indexes from the top level to {@code depth}, quoted. */
  static String fieldPath(Object[] path, int depth) {
    StringBuilder dotted = new StringBuilder("'");
    for (int i = 0; i <= depth; i++) {
      if (i > 0) {
        dotted.append('.');
      }
      dotted.append(path[i]);
    }
    return dotted.append('\'').toString();
  }
}
