package io.sluice.core.value;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Binary data with its BSON subtype (0 generic, 1 function, 2 old binary, 3 legacy UUID, 4 UUID, 5
 * MD5, 6 encrypted, 7 compressed column, 8 sensitive, 9 vector, 128+ user defined). UUIDs of
 * subtype 4 are decoded to {@link java.util.UUID} instead; subtype 3 stays binary because its byte
 * order depends on the driver that wrote it.
 */
public record BinaryValue(byte subtype, byte[] data) {

  public ByteBuffer asByteBuffer() {
    return ByteBuffer.wrap(data.clone());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BinaryValue that
        && subtype == that.subtype
        && Arrays.equals(data, that.data);
  }

  @Override
  public int hashCode() {
    return 31 * subtype + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Binary(" + subtype + ", " + HexFormat.of().formatHex(data) + ")";
  }
}
