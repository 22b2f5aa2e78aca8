package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import io.sluice.testinfra.RealCassandra;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link KeyOrder} against the real thing: the order in which a real node returns clustering values
 * of each type, and whole tables by token, is the order KeyOrder gives, and the token it computes
 * for a key is the node's own. Its cases run at the same time: each waits mostly for the node's
 * schema change and its many single-row round trips, not for a core.
 */
@RealCassandra
@Execution(ExecutionMode.CONCURRENT)
class KeyOrderIT {

  private static final int VALUES = 150;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tinyint",
        "smallint",
        "int",
        "bigint",
        "varint",
        "decimal",
        "float",
        "double",
        "timestamp",
        "date",
        "time",
        "uuid",
        "timeuuid",
        "text",
        "ascii",
        "blob",
        "inet",
        "boolean"
      })
  void should_order_clustering_values_as_the_node_does(String type, CqlSession session) {
    String table = "ordered_" + type;
    session.execute("CREATE TABLE " + table + " (p int, c " + type + ", PRIMARY KEY (p, c))");
    PreparedStatement insert = session.prepare("INSERT INTO " + table + " (p, c) VALUES (0, ?)");
    Random random = new Random(type.hashCode());
    Function<Random, Object> values = valuesOf(type);
    for (int i = 0; i < VALUES; i++) {
      session.execute(insert.bind(values.apply(random)));
    }

    DataType dataType = table(session, table).getColumn("c").orElseThrow().getType();
    List<ByteBuffer> stored = new ArrayList<>();
    for (Row row : session.execute("SELECT c FROM " + table + " WHERE p = 0")) {
      stored.add(row.getBytesUnsafe(0));
    }

    assertThat(stored).hasSizeGreaterThan(1);
    for (int i = 1; i < stored.size(); i++) {
      assertThat(KeyOrder.compare(dataType, stored.get(i - 1), stored.get(i)))
          .as("%s values %d and %d as the node returned them", type, i - 1, i)
          .isNegative();
      assertThat(KeyOrder.compare(dataType, stored.get(i), stored.get(i - 1))).isPositive();
      assertThat(KeyOrder.compare(dataType, stored.get(i), stored.get(i).duplicate())).isZero();
    }
  }

  @Test
  void should_order_whole_keys_and_compute_tokens_as_the_node_does(CqlSession session) {
    session.execute(
        "CREATE TABLE events (a int, b text, c timeuuid, d text, v text,"
            + " PRIMARY KEY ((a, b), c, d)) WITH CLUSTERING ORDER BY (c DESC, d ASC)");
    PreparedStatement insert =
        session.prepare("INSERT INTO events (a, b, c, d, v) VALUES (?, ?, ?, ?, 'x')");
    Random random = new Random(7);
    for (int i = 0; i < 400; i++) {
      session.execute(
          insert.bind(
              random.nextInt(20),
              "b" + random.nextInt(3),
              Uuids.startOf(1_700_000_000_000L + random.nextInt(1000)),
              "d" + random.nextInt(5)));
    }
    KeyOrder order =
        new KeyOrder(table(session, "events"), session.getMetadata().getTokenMap().orElseThrow());

    List<KeyOrder.Key> keys = new ArrayList<>();
    for (Row row : session.execute("SELECT a, b, c, d, token(a, b) FROM events")) {
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("a", row.getInt(0));
      values.put("b", row.getString(1));
      values.put("c", row.getUuid(2));
      values.put("d", row.getString(3));
      KeyOrder.Key key = order.keyOf(values);
      assertThat(key.token()).as("token of %s", values).isEqualTo(row.getLong(4));
      keys.add(key);
    }

    assertThat(keys).hasSizeGreaterThan(100);
    for (int i = 1; i < keys.size(); i++) {
      assertThat(order.compare(keys.get(i - 1), keys.get(i)))
          .as("rows %d and %d", i - 1, i)
          .isNegative();
    }
  }

  private static TableMetadata table(CqlSession session, String name) {
    session.refreshSchema();
    CqlIdentifier keyspace = session.getKeyspace().orElseThrow();
    return session.getMetadata().getKeyspace(keyspace).orElseThrow().getTable(name).orElseThrow();
  }

  /** Random values of a CQL type, spread over its range, negative and empty ones included. */
  private static Function<Random, Object> valuesOf(String type) {
    return switch (type) {
      case "tinyint" -> r -> (byte) r.nextInt();
      case "smallint" -> r -> (short) r.nextInt();
      case "int" -> r -> r.nextInt();
      case "bigint" -> r -> r.nextLong();
      case "varint" -> r -> new BigInteger(r.nextInt(100) + 1, r).subtract(BigInteger.TEN.pow(15));
      case "decimal" ->
          r -> new BigDecimal(BigInteger.valueOf(r.nextLong() % 1_000_000), r.nextInt(9) - 4);
      case "float" -> r -> (r.nextFloat() - 0.5f) * (float) Math.pow(10, r.nextInt(10));
      case "double" -> r -> (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(30));
      case "timestamp" -> r -> Instant.ofEpochMilli(r.nextLong() % 100_000_000_000_000L);
      case "date" -> r -> LocalDate.ofEpochDay(r.nextInt(2_000_000) - 1_000_000);
      case "time" -> r -> LocalTime.ofNanoOfDay(Math.floorMod(r.nextLong(), 86_400_000_000_000L));
      case "uuid" -> r -> r.nextBoolean() ? new UUID(r.nextLong(), r.nextLong()) : timeUuid(r);
      case "timeuuid" -> KeyOrderIT::timeUuid;
      case "text" -> KeyOrderIT::text;
      case "ascii" -> r -> Long.toString(r.nextLong(), 36);
      case "blob" -> r -> ByteBuffer.wrap(bytes(r, r.nextInt(6)));
      case "inet" -> KeyOrderIT::inet;
      case "boolean" -> Random::nextBoolean;
      default -> throw new IllegalArgumentException(type);
    };
  }

  /**
   * Version 1 UUIDs with random low bytes, negative ones included, over a few far-apart times, so
   * that many share a time and are ordered by their low bytes.
   */
  private static UUID timeUuid(Random random) {
    UUID base = Uuids.startOf(random.nextInt(8) * 400_000_000_000L);
    return new UUID(base.getMostSignificantBits(), random.nextLong());
  }

  private static String text(Random random) {
    int[] points = {'a', 'Z', 0xe9, 0x4e2d, 0x1f600, '0'};
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(5); i >= 0; i--) {
      text.appendCodePoint(points[random.nextInt(points.length)]);
    }
    return text.toString();
  }

  private static InetAddress inet(Random random) {
    try {
      return InetAddress.getByAddress(bytes(random, random.nextBoolean() ? 4 : 16));
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }
}
