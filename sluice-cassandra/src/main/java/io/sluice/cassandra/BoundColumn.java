package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import java.nio.ByteBuffer;

/** A column of a prepared insert with its codec, looked up once. */
final class BoundColumn {
  final String name;
  final ColumnMetadata metadata;
  final TypeCodec<Object> codec;
  final boolean convert;

  BoundColumn(ColumnMetadata metadata) {
    this.name = metadata.getName().asInternal();
    this.metadata = metadata;
    this.codec = DriverValues.codec(metadata.getType());
    this.convert = DriverValues.needsConversion(metadata.getType());
  }

  /**
   * {@code value}, one of the mapper's, in the CQL native protocol's form; null stays null.
   *
   * @throws RuntimeException when the column's type cannot hold it
   */
  ByteBuffer encode(Object value) {
    if (value == null) {
      return null;
    }
    Object driverValue = convert ? DriverValues.toDriver(value, metadata.getType()) : value;
    return codec.encode(driverValue, ProtocolVersion.DEFAULT);
  }

  /** Binds {@code value} at {@code index}; the value is one of the mapper's, not yet converted. */
  BoundStatementBuilder bind(BoundStatementBuilder builder, int index, Object value) {
    Object driverValue = convert ? DriverValues.toDriver(value, metadata.getType()) : value;
    return builder.set(index, driverValue, codec);
  }
}
