package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.data.GettableByIndex;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the columns of a prepared query's rows with codecs found once, for the query: the
 * driver's {@code getObject} gives the same values but looks the codec and the protocol version up
 * again for every cell, which shows when every cell of millions of rows is read. The codecs are the
 * driver's, except that addresses keep their bytes ({@link ExactInetCodec}).
 */
public final class ColumnDecoders {

  private final List<TypeCodec<Object>> codecs;
  private final ProtocolVersion version;

  private ColumnDecoders(List<TypeCodec<Object>> codecs, ProtocolVersion version) {
    this.codecs = codecs;
    this.version = version;
  }

  /** The decoders of the columns a prepared query returns, in its order. */
  public static ColumnDecoders of(CqlSession session, ColumnDefinitions columns) {
    List<TypeCodec<Object>> codecs = new ArrayList<>(columns.size());
    for (ColumnDefinition column : columns) {
      codecs.add(DriverValues.codec(column.getType()));
    }
    return new ColumnDecoders(List.copyOf(codecs), session.getContext().getProtocolVersion());
  }

  /**
   * The value of column {@code i} of the row, as {@code row.getObject(i)} gives it, but null where
   * the row holds none: the driver's collection codecs read none as an empty collection, which a
   * frozen collection column tells apart from none (an empty frozen list is a value).
   */
  public Object decode(GettableByIndex row, int i) {
    ByteBuffer bytes = row.getBytesUnsafe(i);
    return bytes == null ? null : codecs.get(i).decode(bytes, version);
  }

  /**
   * Component {@code i} of a tuple or user-defined type value, of {@code type}, decoded as a column
   * is: null where the value holds none, and addresses with their own bytes.
   */
  public static Object component(GettableByIndex value, int i, DataType type) {
    ByteBuffer bytes = value.getBytesUnsafe(i);
    return bytes == null ? null : DriverValues.codec(type).decode(bytes, ProtocolVersion.DEFAULT);
  }
}
