package io.sluice.formats.text;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Arrays;

/**
 * The UTF-8 byte order mark ({@code EF BB BF}) some programs write at the start of a text file. It
 * is not part of the first record: a reader starts past it.
 */
final class ByteOrderMark {

  static final byte[] UTF8 = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private ByteOrderMark() {}

  /**
   * The length of the byte order mark at the start of the file's content (decompressed), or 0. A
   * file whose start cannot be read has none here: reading it reports the damage where it is.
   */
  static int utf8Length(TextFile file) {
    try (InputStream in = file.compression().decompress(Files.newInputStream(file.path()))) {
      return Arrays.equals(in.readNBytes(UTF8.length), UTF8) ? UTF8.length : 0;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
