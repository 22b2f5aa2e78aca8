package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplaySafetyTest {

  /** The schema of keyspace {@code shop}: a counter, a list, a set, a map and a text column. */
  static final ReplaySafety.ColumnTypes SHOP =
      (keyspace, table, column) -> {
        if (!keyspace.equals(CqlIdentifier.fromInternal("shop"))) {
          return null;
        }
        Map<String, DataType> columns =
            Map.of(
                "page",
                DataTypes.TEXT,
                "n",
                DataTypes.COUNTER,
                "l",
                DataTypes.listOf(DataTypes.INT),
                "s",
                DataTypes.setOf(DataTypes.TEXT),
                "m",
                DataTypes.mapOf(DataTypes.TEXT, DataTypes.INT),
                "Mixed",
                DataTypes.COUNTER);
        return table.asInternal().equals("visits") ? columns.get(column.asInternal()) : null;
      };

  @Test
  void incrementsAreFoundInTheSetClauseOnly() {
    assertThat(ReplaySafety.incremented("UPDATE t SET n = n + 1 WHERE k = 1")).containsExactly("n");
    assertThat(ReplaySafety.incremented("update t using ttl 5 set a = 1, l = [2] + l where k = 1"))
        .containsExactly("l");
    assertThat(ReplaySafety.incremented("UPDATE t SET \"Mixed\" = \"Mixed\" - ? WHERE k = ?"))
        .containsExactly("\"Mixed\"");
    assertThat(ReplaySafety.incremented("UPDATE t SET v = 'n = n + 1' WHERE k = 1")).isEmpty();
    assertThat(ReplaySafety.incremented("UPDATE t SET v = ? WHERE n = n + 1")).isEmpty();
    assertThat(ReplaySafety.incremented("INSERT INTO t (k, v) VALUES (1, 2)")).isEmpty();
  }

  @Test
  void countersAndListAdditionsAreNotRepeatableSetsAndMapsAndPlainWritesAre() {
    assertThat(
            ReplaySafety.repeatable("UPDATE visits SET n = n + 1 WHERE page = 'a'", "shop", SHOP))
        .isFalse();
    assertThat(
            ReplaySafety.repeatable("UPDATE shop.visits SET l = l + ? WHERE page = ?", null, SHOP))
        .isFalse();
    assertThat(
            ReplaySafety.repeatable(
                "UPDATE visits SET \"Mixed\" = \"Mixed\" + 2 WHERE page = 'a'", "shop", SHOP))
        .isFalse();
    assertThat(
            ReplaySafety.repeatable(
                "UPDATE visits SET s = s + {'x'}, m = m + {'k': 1} WHERE page = 'a'", "shop", SHOP))
        .isTrue();
    assertThat(
            ReplaySafety.repeatable("UPDATE visits SET page = 'x' WHERE page = 'a'", "shop", SHOP))
        .isTrue();
    assertThat(ReplaySafety.repeatable("DELETE FROM visits WHERE page = 'a'", "shop", SHOP))
        .isTrue();
    // A column the schema does not know could be a counter: not repeatable.
    assertThat(ReplaySafety.repeatable("UPDATE other SET x = x + 1 WHERE k = 1", "shop", SHOP))
        .isFalse();
    assertThat(
            ReplaySafety.repeatable("UPDATE visits SET s = s + {'x'} WHERE page = 'a'", null, SHOP))
        .isFalse();
  }

  @Test
  void aCounterBatchIsNotRepeatableAndABatchIsAsItsLeastRepeatableStatement() {
    assertThat(
            ReplaySafety.repeatable(
                batch(
                    ProtocolConstants.BatchType.COUNTER,
                    "UPDATE visits SET page = 'x' WHERE page = 'a'"),
                "shop",
                SHOP))
        .isFalse();
    assertThat(
            ReplaySafety.repeatable(
                batch(
                    ProtocolConstants.BatchType.LOGGED,
                    "INSERT INTO visits (page) VALUES ('a')",
                    "UPDATE visits SET l = l + [1] WHERE page = 'a'"),
                "shop",
                SHOP))
        .isFalse();
    assertThat(
            ReplaySafety.repeatable(
                batch(
                    ProtocolConstants.BatchType.UNLOGGED,
                    "INSERT INTO visits (page) VALUES ('a')",
                    "DELETE FROM visits WHERE page = 'b'"),
                "shop",
                SHOP))
        .isTrue();
  }

  @Test
  void aWriteReadsWithItsValuesInPlaceTypedByTheSchema() {
    ByteBuffer five = ByteBuffer.allocate(8).putLong(0, 5);
    ByteBuffer home = ByteBuffer.wrap("home".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(
            WriteText.statement(
                "UPDATE visits SET n = n + ? WHERE page = ?", List.of(five, home), "shop", SHOP))
        .isEqualTo("UPDATE visits SET n = n + 5 WHERE page = 'home'");
    assertThat(
            WriteText.statement(
                "INSERT INTO shop.visits (page, \"Mixed\") VALUES (?, ?) USING TTL ?",
                List.of(home, five, ByteBuffer.allocate(4).putInt(0, 60)),
                null,
                SHOP))
        .isEqualTo("INSERT INTO shop.visits (page, \"Mixed\") VALUES ('home', 5) USING TTL 60");
    // Where the schema says nothing, a value shows as its bytes.
    assertThat(
            WriteText.statement(
                "UPDATE elsewhere SET x = x + ? WHERE k = ?",
                List.of(five, ByteBuffer.wrap(new byte[] {1, 2})),
                "shop",
                SHOP))
        .isEqualTo("UPDATE elsewhere SET x = x + 0x0000000000000005 WHERE k = 0x0102");
    assertThat(
            WriteText.statement(
                "UPDATE visits SET n = n + 1 WHERE page = 'a'", List.of(), "shop", SHOP))
        .isEqualTo("UPDATE visits SET n = n + 1 WHERE page = 'a'");
  }

  private static Batch batch(byte type, String... statements) {
    return new Batch(
        type,
        List.of((Object[]) statements),
        java.util.Collections.nCopies(statements.length, List.of()),
        ProtocolConstants.ConsistencyLevel.ONE,
        ProtocolConstants.ConsistencyLevel.SERIAL,
        QueryOptions.NO_DEFAULT_TIMESTAMP,
        null,
        QueryOptions.NO_NOW_IN_SECONDS);
  }
}
