package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.sluice.core.value.DurationValue;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Durations and vectors in the mapper's forms are encoded as the driver encodes its own, and read
 * back into the same forms, also inside collections and tuples.
 */
class DriverValuesTest {

  @Test
  void should_write_a_duration_as_the_drivers_and_read_it_back() {
    DurationValue duration = new DurationValue(-14, -3, -5_400_000_000_007L);

    Object sent = roundTrip(duration, DataTypes.DURATION);

    assertThat(sent).isEqualTo(duration);
    assertThat(encode(duration, DataTypes.DURATION))
        .isEqualTo(encode(CqlDuration.from("-1y2mo3d1h30m7ns"), DataTypes.DURATION));
  }

  @Test
  void should_write_a_vector_of_floats_as_the_drivers_and_read_it_back() {
    DataType type = DataTypes.vectorOf(DataTypes.FLOAT, 3);
    List<Float> vector = List.of(0.1f, -0.0f, Float.MAX_VALUE);

    assertThat(roundTrip(vector, type)).isEqualTo(vector);
    assertThat(encode(vector, type))
        .isEqualTo(encode(CqlVector.newInstance(0.1f, -0.0f, Float.MAX_VALUE), type));
  }

  @Test
  void should_write_vectors_of_other_types_and_nested_durations() {
    DataType texts = DataTypes.vectorOf(DataTypes.TEXT, 2);
    DataType spans = DataTypes.listOf(DataTypes.DURATION);
    DataType pair = DataTypes.tupleOf(DataTypes.DURATION, DataTypes.vectorOf(DataTypes.INT, 2));

    assertThat(roundTrip(List.of("a", ""), texts)).isEqualTo(List.of("a", ""));
    assertThat(roundTrip(List.of(new DurationValue(0, 1, 0)), spans))
        .isEqualTo(List.of(new DurationValue(0, 1, 0)));
    assertThat(roundTrip(List.of(new DurationValue(1, 0, 0), List.of(1, 2)), pair))
        .isEqualTo(List.of(new DurationValue(1, 0, 0), List.of(1, 2)));
  }

  @Test
  void should_keep_the_bytes_of_a_mapped_address_in_a_vector() throws Exception {
    DataType type = DataTypes.vectorOf(DataTypes.INET, 1);
    byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 10, 0, 0, 1};
    List<InetAddress> vector = List.of(Inet6Address.getByAddress(null, mapped, -1));

    List<?> back = (List<?>) roundTrip(vector, type);

    assertThat(((InetAddress) back.get(0)).getAddress()).hasSize(16);
  }

  private static ByteBuffer encode(Object value, DataType type) {
    Object driver =
        value instanceof CqlDuration || value instanceof CqlVector<?>
            ? value
            : DriverValues.toDriver(value, type);
    return DriverValues.codec(type).encode(driver, ProtocolVersion.DEFAULT);
  }

  private static Object roundTrip(Object value, DataType type) {
    ByteBuffer bytes = encode(value, type);
    return DriverValues.fromDriver(
        DriverValues.codec(type).decode(bytes, ProtocolVersion.DEFAULT), type);
  }
}
