package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.value.BinaryValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BytesDecodingTest {

  @Test
  void should_read_hbase_bytes_encodings() throws Exception {
    assertThat(BytesDecoding.UTF8.decode("é-1".getBytes(StandardCharsets.UTF_8))).isEqualTo("é-1");
    assertThat(BytesDecoding.LONG.decode(ByteBuffer.allocate(8).putLong(-42L).array()))
        .isEqualTo(-42L);
    assertThat(BytesDecoding.INT.decode(ByteBuffer.allocate(4).putInt(7).array())).isEqualTo(7);
    assertThat(BytesDecoding.DOUBLE.decode(ByteBuffer.allocate(8).putDouble(2.5).array()))
        .isEqualTo(2.5);
    assertThat(BytesDecoding.FLOAT.decode(ByteBuffer.allocate(4).putFloat(-0.75f).array()))
        .isEqualTo(-0.75f);
    assertThat(BytesDecoding.BOOLEAN.decode(new byte[] {-1})).isEqualTo(true);
    assertThat(BytesDecoding.BOOLEAN.decode(new byte[] {0})).isEqualTo(false);
    assertThat(BytesDecoding.HEX.decode(new byte[] {0x0a, (byte) 0xff})).isEqualTo("0aff");
    assertThat(BytesDecoding.RAW.decode(new byte[] {1, 2}))
        .isEqualTo(new BinaryValue((byte) 0, new byte[] {1, 2}));
  }

  @Test
  void should_say_why_bytes_do_not_decode() {
    assertThatThrownBy(() -> BytesDecoding.LONG.decode(new byte[3]))
        .hasMessage("holds 3 bytes, not the 8 of a long");
    assertThatThrownBy(() -> BytesDecoding.UTF8.decode(new byte[] {(byte) 0xc3}))
        .hasMessage("is not valid UTF-8");
  }
}
