package io.sluice.hbase;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Bytes as text the way HBase shows them ({@link Bytes#toStringBinary}: printable ASCII as it is,
 * any other byte and the backslash as {@code \xNN}), made without a builder when every byte is
 * printable, as most row keys are: it is made for every row read.
 */
final class BinaryText {

  private BinaryText() {}

  static String of(byte[] bytes) {
    for (byte b : bytes) {
      if (b < ' ' || b > '~' || b == '\\') {
        return Bytes.toStringBinary(bytes);
      }
    }
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }
}
