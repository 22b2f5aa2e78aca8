package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class BinaryTextTest {

  @Test
  void should_show_bytes_as_hbase_does() {
    // Seeded: printable keys (the fast way), keys of any bytes, and the edges of printable.
    Random random = new Random(1128);
    for (int i = 0; i < 20_000; i++) {
      byte[] bytes = new byte[random.nextInt(24)];
      if (i % 2 == 0) {
        for (int j = 0; j < bytes.length; j++) {
          bytes[j] = (byte) (' ' + random.nextInt('~' - ' ' + 1));
        }
      } else {
        random.nextBytes(bytes);
      }
      assertThat(BinaryText.of(bytes)).isEqualTo(Bytes.toStringBinary(bytes));
    }
    for (int b = 0; b < 256; b++) {
      byte[] one = {(byte) b};
      assertThat(BinaryText.of(one)).isEqualTo(Bytes.toStringBinary(one));
    }
  }
}
