package io.sluice.hbase;

import io.sluice.core.value.BinaryValue;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;

/**
 * How the bytes of an HBase row key or cell value become a record value: the encodings of HBase's
 * own {@code Bytes} class (big-endian numbers, UTF-8 text, one byte for a boolean), hex text, or
 * the bytes as they are.
 */
enum BytesDecoding {
  UTF8,
  LONG,
  INT,
  DOUBLE,
  FLOAT,
  BOOLEAN,
  HEX,
  RAW;

  /** A value these bytes cannot be read as: the message says why, without the bytes. */
  static final class UndecodableException extends Exception {
    private static final long serialVersionUID = 1L;

    UndecodableException(String message) {
      super(message);
    }
  }

  /**
   * The decoding a setting names, one of {@code allowed}.
   *
   * @throws IllegalArgumentException naming the setting and the values it takes
   */
  static BytesDecoding parse(String text, String setting, BytesDecoding... allowed) {
    for (BytesDecoding decoding : allowed) {
      if (decoding.name().equalsIgnoreCase(text)) {
        return decoding;
      }
    }
    throw new IllegalArgumentException(
        setting
            + " '"
            + text
            + "' is not one of "
            + Arrays.stream(allowed).map(BytesDecoding::key).toList());
  }

  /** The name a job file gives this decoding. */
  String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The value {@code bytes} hold in this encoding. */
  Object decode(byte[] bytes) throws UndecodableException {
    return switch (this) {
      case UTF8 -> utf8(bytes);
      case LONG -> fixed(bytes, Long.BYTES).getLong();
      case INT -> fixed(bytes, Integer.BYTES).getInt();
      case DOUBLE -> fixed(bytes, Double.BYTES).getDouble();
      case FLOAT -> fixed(bytes, Float.BYTES).getFloat();
      case BOOLEAN -> fixed(bytes, 1).get() != 0;
      case HEX -> HexFormat.of().formatHex(bytes);
      case RAW -> new BinaryValue((byte) 0, bytes);
    };
  }

  private ByteBuffer fixed(byte[] bytes, int width) throws UndecodableException {
    if (bytes.length != width) {
      throw new UndecodableException(
          "holds " + bytes.length + " bytes, not the " + width + " of a " + key());
    }
    return ByteBuffer.wrap(bytes);
  }

  private static String utf8(byte[] bytes) throws UndecodableException {
    // Most text is ASCII, valid UTF-8 as it is: a String made without a decoder, which took a
    // twentieth of a load's CPU (bench/hbase).
    if (ascii(bytes)) {
      return new String(bytes, StandardCharsets.US_ASCII);
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new UndecodableException("is not valid UTF-8");
    }
  }

  private static boolean ascii(byte[] bytes) {
    for (byte b : bytes) {
      if (b < 0) {
        return false;
      }
    }
    return true;
  }
}
