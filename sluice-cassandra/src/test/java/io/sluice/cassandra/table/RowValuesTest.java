package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.TupleType;
import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.DurationValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
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
    assertThat(RowValues.toValue(InetAddress.getByName("10.0.0.1")))
        .isEqualTo(InetAddress.getByName("10.0.0.1"));
    assertThat(RowValues.toValue(Set.of((short) 1))).isEqualTo(List.of(1));
  }

  @Test
  void should_turn_durations_and_vectors_into_the_value_model() {
    assertThat(RowValues.toValue(CqlDuration.newInstance(1, 2, 3)))
        .isEqualTo(new DurationValue(1, 2, 3));
    assertThat(RowValues.toValue(CqlVector.newInstance(0.1f, -0.0f)))
        .isEqualTo(List.of((double) 0.1f, -0.0d));
    assertThat(RowValues.toValue(List.of(CqlDuration.newInstance(0, -1, 0))))
        .isEqualTo(List.of(new DurationValue(0, -1, 0)));
  }

  @Test
  void should_keep_the_kind_of_map_keys_so_that_the_mapper_converts_them_exactly() {
    UUID id = UUID.fromString("c7b0e0a6-1a4c-4f5e-9d3b-2f6b8c9d0e1f");
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put(id, 1);
    map.put(ByteBuffer.wrap(new byte[] {(byte) 0xAB}), 2);
    map.put(0.1f, 3);
    map.put(-0.0d, 4);
    map.put(List.of((short) 5), 5);

    @SuppressWarnings("unchecked")
    Map<Object, Object> value = (Map<Object, Object>) RowValues.toValue(map);

    assertThat(value.keySet())
        .containsExactly(
            id,
            new BinaryValue((byte) 0, new byte[] {(byte) 0xAB}),
            (double) 0.1f,
            -0.0d,
            List.of(5));
    assertThat(value.values()).containsExactly(1, 2, 3, 4, 5);
  }

  @Test
  void should_read_a_missing_frozen_collection_inside_a_tuple_or_type_as_none_not_empty() {
    TupleType type =
        DataTypes.tupleOf(DataTypes.INT, DataTypes.frozenListOf(DataTypes.INT), DataTypes.TEXT);
    TupleValue tuple = type.newValue(1, null, null);
    TupleValue empty = type.newValue(1, List.of(), "");

    assertThat(RowValues.toValue(tuple)).isEqualTo(Arrays.asList(1, null, null));
    assertThat(RowValues.toValue(empty)).isEqualTo(List.of(1, List.of(), ""));
  }

  @Test
  void should_keep_an_ipv4_mapped_address_inside_a_tuple_with_its_bytes() throws Exception {
    byte[] mapped = HexFormat.of().parseHex("00000000000000000000ffff0a000001");
    TupleType type = DataTypes.tupleOf(DataTypes.INET);
    TupleValue tuple = type.newValue().setBytesUnsafe(0, ByteBuffer.wrap(mapped));

    List<?> value = (List<?>) RowValues.toValue(tuple);

    assertThat(((InetAddress) value.get(0)).getAddress()).isEqualTo(mapped);
  }
}
