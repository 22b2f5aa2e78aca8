package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.value.BinaryValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Values the driver read become the value model the mapper converts from. */
class RowValuesTest {

  @Test
  void should_turn_driver_values_into_the_value_model() throws Exception {
    assertThat(RowValues.toValue((short) 7)).isEqualTo(7);
    assertThat(RowValues.toValue((byte) -3)).isEqualTo(-3);
    assertThat(RowValues.toValue(1.5f)).isEqualTo(1.5d);
    assertThat(RowValues.toValue(BigInteger.TEN.pow(30)))
        .isEqualTo(new BigDecimal(BigInteger.TEN.pow(30)));
    assertThat(RowValues.toValue(ByteBuffer.wrap(new byte[] {1, 2})))
        .isEqualTo(new BinaryValue((byte) 0, new byte[] {1, 2}));
    assertThat(RowValues.toValue(InetAddress.getByName("10.0.0.1"))).isEqualTo("10.0.0.1");
    assertThat(RowValues.toValue(Set.of((short) 1))).isEqualTo(List.of(1));
  }

  @Test
  void should_key_maps_by_text_the_mapper_reads_back() {
    UUID id = UUID.fromString("c7b0e0a6-1a4c-4f5e-9d3b-2f6b8c9d0e1f");
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put(id, 1);
    map.put(ByteBuffer.wrap(new byte[] {(byte) 0xAB}), 2);

    assertThat(RowValues.toValue(map)).isEqualTo(Map.of(id.toString(), 1, "0xab", 2));
  }
}
