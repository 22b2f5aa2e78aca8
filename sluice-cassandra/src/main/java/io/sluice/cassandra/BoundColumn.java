package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;

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

  /** Binds {@code value} at {@code index}; the value is one of the mapper's, not yet converted. */
  BoundStatementBuilder bind(BoundStatementBuilder builder, int index, Object value) {
    Object driverValue = convert ? DriverValues.toDriver(value, metadata.getType()) : value;
    return builder.set(index, driverValue, codec);
  }
}
