package io.sluice.formats.text;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;

/**
 * Reads a CSV source's {@code encoding}: UTF-8, or an encoding that writes every ASCII character as
 * that one byte and nothing else with bytes below 0x80, so that delimiters, quotes and line breaks
 * can be found in the bytes.
 */
final class CsvEncodings {

  private CsvEncodings() {}

  static Charset of(String name) {
    Charset charset;
    try {
      charset = Charset.forName(name.trim());
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw new IllegalArgumentException("encoding names an unknown encoding '" + name + "'");
    }
    if (charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)) {
      return charset;
    }
    boolean singleByte =
        charset.canEncode() && charset.newEncoder().maxBytesPerChar() == 1.0f && asciiSafe(charset);
    if (!singleByte) {
      throw new IllegalArgumentException(
          "encoding names "
              + charset.name()
              + ", which is not supported: use UTF-8 or a single-byte encoding such as ISO-8859-1"
              + " or windows-1252 (convert the file with iconv first)");
    }
    return charset;
  }

  private static boolean asciiSafe(Charset charset) {
    byte[] ascii = new byte[128];
    for (int i = 0; i < ascii.length; i++) {
      ascii[i] = (byte) i;
    }
    return new String(ascii, StandardCharsets.US_ASCII).equals(new String(ascii, charset));
  }
}
