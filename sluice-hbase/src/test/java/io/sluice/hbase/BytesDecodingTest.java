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

  @Test
  void should_refuse_a_decoding_the_setting_does_not_take() {
    assertThatThrownBy(() -> new HBaseSnapshotOptions("snap", "double", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row-key 'double' is not one of [utf8, long, int, hex, raw]");
    assertThatThrownBy(() -> new HBaseSnapshotOptions(null, null, null))
        .hasMessageContaining("needs 'snapshot'");
  }

  @Test
  void should_read_back_the_position_it_writes() {
    RowPosition position = new RowPosition(12, new byte[] {0, 'a', (byte) 0xfe});
    RowPosition read = RowPosition.parse(position.text());
    assertThat(position.text()).isEqualTo("12:0061fe");
    assertThat(read.rowsDone()).isEqualTo(12);
    assertThat(read.rowKey()).containsExactly(0, 'a', (byte) 0xfe);
    assertThatThrownBy(() -> RowPosition.parse("1234"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
