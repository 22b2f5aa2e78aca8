package io.sluice.formats.bson;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bson.BsonSerializationException;
import org.bson.ByteBufNIO;
import org.bson.io.ByteBufferBsonInput;

/**
 * The bson library's input over one document's bytes, made strict about text. The library decodes
 * strings and field names leniently, replacing invalid UTF-8 with U+FFFD; a migration must not
 * write altered text silently, so here invalid UTF-8 is an error that rejects the document.
 */
final class StrictUtf8BsonInput extends ByteBufferBsonInput {

  private final int length;
  private CharsetDecoder utf8;
  private byte[] scratch = new byte[64];

  StrictUtf8BsonInput(byte[] document) {
    super(new ByteBufNIO(ByteBuffer.wrap(document)));
    this.length = document.length;
  }

  /** The bytes of the document not yet read. */
  int remaining() {
    return length - getPosition();
  }

  @Override
  public String readString() {
    int size = readInt32();
    if (size < 1) {
      throw new BsonSerializationException(
          "a string's length prefix is " + size + ", below the minimum of 1");
    }
    if (size > length - getPosition()) {
      throw new BsonSerializationException("a string runs past the end of its document");
    }
    byte[] bytes = scratch(size);
    readBytes(bytes, 0, size);
    if (bytes[size - 1] != 0) {
      throw new BsonSerializationException("a string is not terminated by a zero byte");
    }
    return decode(bytes, size - 1);
  }

  @Override
  public String readCString() {
    int size = 0;
    byte b;
    while ((b = readByte()) != 0) {
      scratch(size + 1)[size++] = b;
    }
    return decode(scratch, size);
  }

  private byte[] scratch(int size) {
    if (scratch.length < size) {
      scratch = Arrays.copyOf(scratch, Math.max(size, scratch.length * 2));
    }
    return scratch;
  }

  private String decode(byte[] bytes, int size) {
    for (int i = 0; i < size; i++) {
      if (bytes[i] < 0) {
        return decodeNonAscii(bytes, size);
      }
    }
    return new String(bytes, 0, size, StandardCharsets.ISO_8859_1);
  }

  private String decodeNonAscii(byte[] bytes, int size) {
    if (utf8 == null) {
      utf8 =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT);
    }
    try {
      CharBuffer chars = utf8.reset().decode(ByteBuffer.wrap(bytes, 0, size));
      return chars.toString();
    } catch (CharacterCodingException e) {
      throw new BsonSerializationException("a string is not valid UTF-8");
    }
  }
}
