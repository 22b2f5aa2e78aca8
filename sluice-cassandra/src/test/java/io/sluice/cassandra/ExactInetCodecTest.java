package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExactInetCodecTest {

  private static final byte[] MAPPED = HexFormat.of().parseHex("00000000000000000000ffff0a000001");

  @Test
  void keeps_the_sixteen_bytes_of_an_ipv4_mapped_address() {
    InetAddress address =
        ExactInetCodec.INSTANCE.decode(ByteBuffer.wrap(MAPPED), ProtocolVersion.DEFAULT);

    assertThat(address).isInstanceOf(Inet6Address.class);
    assertThat(address.getAddress()).isEqualTo(MAPPED);
    assertThat(ExactInetCodec.INSTANCE.encode(address, ProtocolVersion.DEFAULT))
        .isEqualTo(ByteBuffer.wrap(MAPPED));
  }

  @Test
  void reads_four_bytes_as_an_ipv4_address() throws Exception {
    InetAddress address =
        ExactInetCodec.INSTANCE.decode(
            ByteBuffer.wrap(new byte[] {10, 0, 0, 1}), ProtocolVersion.DEFAULT);

    assertThat(address).isEqualTo(InetAddress.getByName("10.0.0.1"));
  }

  @Test
  void is_used_for_addresses_inside_collections_too() {
    TypeCodec<Object> codec = DriverValues.codec(DataTypes.listOf(DataTypes.INET));
    ByteBuffer list = ByteBuffer.allocate(4 + 4 + 16).putInt(1).putInt(16).put(MAPPED).flip();

    List<?> decoded = (List<?>) codec.decode(list, ProtocolVersion.DEFAULT);

    assertThat(((InetAddress) decoded.get(0)).getAddress()).isEqualTo(MAPPED);
    assertThat(codec.encode(decoded, ProtocolVersion.DEFAULT)).isEqualTo(list.rewind());
  }
}
