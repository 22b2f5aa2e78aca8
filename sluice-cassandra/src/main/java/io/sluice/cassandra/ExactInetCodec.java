package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/**
 * The {@code inet} codec, but one that keeps an address's bytes: the driver's reads the 16 bytes of
 * an IPv4-mapped IPv6 address ({@code ::ffff:10.0.0.1}) as the 4-byte IPv4 address, as Java's
 * {@link InetAddress#getByAddress(byte[])} does, so that a copy would store other bytes (and, in a
 * key, another row). Sixteen bytes read here are always an {@link Inet6Address}.
 */
final class ExactInetCodec implements TypeCodec<InetAddress> {

  static final ExactInetCodec INSTANCE = new ExactInetCodec();

  private ExactInetCodec() {}

  @Override
  public GenericType<InetAddress> getJavaType() {
    return GenericType.INET_ADDRESS;
  }

  @Override
  public DataType getCqlType() {
    return DataTypes.INET;
  }

  @Override
  public ByteBuffer encode(InetAddress value, ProtocolVersion protocolVersion) {
    return value == null ? null : ByteBuffer.wrap(value.getAddress());
  }

  @Override
  public InetAddress decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
    if (bytes == null || bytes.remaining() == 0) {
      return null;
    }
    byte[] address = new byte[bytes.remaining()];
    bytes.duplicate().get(address);
    try {
      return address.length == 16
          ? Inet6Address.getByAddress(null, address, -1)
          : InetAddress.getByAddress(address);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("Invalid inet value of " + address.length + " bytes", e);
    }
  }

  @Override
  public String format(InetAddress value) {
    return TypeCodecs.INET.format(value);
  }

  @Override
  public InetAddress parse(String value) {
    return TypeCodecs.INET.parse(value);
  }
}
