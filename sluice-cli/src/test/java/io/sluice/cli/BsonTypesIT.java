package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every BSON type lands in its documented CQL column type with the right value. */
@RealCassandra
class BsonTypesIT {

  private static final ObjectId ID = new ObjectId("65a1b2c3d4e5f60718293a4b");
  private static final ObjectId OTHER = new ObjectId("0123456789abcdef01234567");
  private static final UUID UUID_VALUE = UUID.fromString("3b241101-e2bb-4255-8caf-4136c566a962");
  private static final Instant FAR_FUTURE = Instant.parse("+100000-01-01T00:00:00Z");
  private static final Instant FAR_PAST = Instant.parse("-50000-06-15T12:30:00.123Z");
  private static final String BIG = "x".repeat(4 * 1024 * 1024 - 1) + "✓";

  @TempDir static Path dir;

  static CliRun run;

  @BeforeAll
  static void load(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute(
        "CREATE TABLE all_types (id text PRIMARY KEY, d double, not_a_number double, s text, big text,"
            + " doc text, doc_map map<text, int>, arr frozen<list<int>>, bin blob, uid uuid,"
            + " oid blob, flag boolean, far_future timestamp, far_past timestamp, birth date,"
            + " nul text, re text, js text, i_min int, ts bigint, l_max bigint, dec decimal,"
            + " min_key text, max_key text, empty text, deep text, sym text)");
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("types.bson"))) {
      writer.write(allTypes());
      writer.write(
          new BsonDocument("_id", new BsonString("decimal-nan"))
              .append("dec", new BsonDecimal128(Decimal128.NaN)));
      writer.write(
          new BsonDocument("_id", new BsonString("int-overflow"))
              .append("i_min", new BsonInt64(3_000_000_000L)));
    }
    StringBuilder mapping = new StringBuilder("mapping:\n  columns:\n    id: _id\n");
    for (String column :
        List.of(
            "d",
            "not_a_number",
            "s",
            "big",
            "doc",
            "doc_map",
            "arr",
            "bin",
            "uid",
            "oid",
            "flag",
            "far_future",
            "far_past",
            "birth",
            "nul",
            "re",
            "js",
            "i_min",
            "ts",
            "l_max",
            "dec",
            "min_key",
            "max_key",
            "empty",
            "deep",
            "sym")) {
      mapping.append("    ").append(column).append(": ").append(column).append('\n');
    }
    Path job =
        JobFile.write(
            dir,
            "types",
            keyspace,
            "all_types",
            "  - type: bson\n    path: types.bson\n",
            mapping.toString());
    run = CliRun.of("migrate", job.toString());
  }

  private static BsonDocument allTypes() {
    BsonDocument deep = new BsonDocument("leaf", new BsonInt32(1));
    for (int i = 0; i < 99; i++) {
      deep = new BsonDocument("l", deep);
    }
    return new BsonDocument("_id", new BsonObjectId(ID))
        .append("d", new BsonDouble(3.5))
        .append("not_a_number", new BsonDouble(Double.NaN))
        .append("s", new BsonString("héllo wörld ✓"))
        .append("big", new BsonString(BIG))
        .append("doc", new BsonDocument("a", new BsonInt32(1)).append("b", new BsonString("x")))
        .append("doc_map", new BsonDocument("x", new BsonInt32(1)).append("y", new BsonInt32(2)))
        .append("arr", new BsonArray(List.of(new BsonInt32(1), new BsonInt32(2), new BsonInt32(3))))
        .append("bin", new BsonBinary(new byte[] {0, 1, 2, (byte) 255}))
        .append("uid", new BsonBinary(UUID_VALUE))
        .append("oid", new BsonObjectId(OTHER))
        .append("flag", BsonBoolean.TRUE)
        .append("far_future", new BsonDateTime(FAR_FUTURE.toEpochMilli()))
        .append("far_past", new BsonDateTime(FAR_PAST.toEpochMilli()))
        .append("birth", new BsonDateTime(Instant.parse("1969-07-20T00:00:00Z").toEpochMilli()))
        .append("nul", BsonNull.VALUE)
        .append("re", new BsonRegularExpression("^a.*z$", "i"))
        .append("js", new BsonJavaScript("function() { return 1; }"))
        .append("i_min", new BsonInt32(Integer.MIN_VALUE))
        .append("ts", new BsonTimestamp(1_700_000_000, 7))
        .append("l_max", new BsonInt64(Long.MAX_VALUE))
        .append("dec", new BsonDecimal128(Decimal128.parse("-12345.678900")))
        .append("min_key", new BsonMinKey())
        .append("max_key", new BsonMaxKey())
        .append("empty", new BsonDocument())
        .append("deep", deep)
        .append("sym", new BsonSymbol("a-symbol"));
  }

  @Test
  void should_load_every_type_and_reject_what_cannot_convert_faithfully() throws Exception {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.COMPLETED_WITH_ERRORS);
    JsonNode counts = CliRun.report(dir.resolve("state-types"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(3);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(1);
    assertThat(counts.get("rejected-mapping").asLong()).isEqualTo(2);
    List<String> rejects = Files.readAllLines(dir.resolve("state-types/rejects.jsonl"));
    assertThat(rejects)
        .anySatisfy(line -> assertThat(line).contains("decimal-nan", "dec"))
        .anySatisfy(line -> assertThat(line).contains("int-overflow", "out of range"));
  }

  @Test
  void should_keep_scalars_exact(CqlSession session) {
    Row row = session.execute("SELECT * FROM all_types WHERE id = ?", ID.toHexString()).one();

    assertThat(row).isNotNull();
    assertThat(row.getDouble("d")).isEqualTo(3.5);
    assertThat(row.getDouble("not_a_number")).isNaN();
    assertThat(row.getString("s")).isEqualTo("héllo wörld ✓");
    assertThat(row.getString("big")).isEqualTo(BIG);
    assertThat(row.getBoolean("flag")).isTrue();
    assertThat(row.getInt("i_min")).isEqualTo(Integer.MIN_VALUE);
    assertThat(row.getLong("l_max")).isEqualTo(Long.MAX_VALUE);
    assertThat(row.getLong("ts")).isEqualTo((1_700_000_000L << 32) | 7);
    assertThat(row.getBigDecimal("dec")).isEqualTo(new BigDecimal("-12345.678900"));
    assertThat(row.getString("nul")).isNull();
    assertThat(row.getString("sym")).isEqualTo("a-symbol");
  }

  @Test
  void should_keep_dates_binaries_and_ids_exact(CqlSession session) {
    Row row = session.execute("SELECT * FROM all_types WHERE id = ?", ID.toHexString()).one();

    assertThat(row.getInstant("far_future")).isEqualTo(FAR_FUTURE);
    assertThat(row.getInstant("far_past")).isEqualTo(FAR_PAST);
    assertThat(row.getLocalDate("birth")).isEqualTo(LocalDate.of(1969, 7, 20));
    assertThat(row.getByteBuffer("bin")).isEqualTo(ByteBuffer.wrap(new byte[] {0, 1, 2, -1}));
    assertThat(row.getUuid("uid")).isEqualTo(UUID_VALUE);
    assertThat(row.getByteBuffer("oid")).isEqualTo(ByteBuffer.wrap(OTHER.toByteArray()));
  }

  @Test
  void should_write_documents_arrays_and_special_values_as_documented(CqlSession session) {
    Row row = session.execute("SELECT * FROM all_types WHERE id = ?", ID.toHexString()).one();

    assertThat(row.getString("doc")).isEqualTo("{\"a\":1,\"b\":\"x\"}");
    assertThat(row.getMap("doc_map", String.class, Integer.class))
        .isEqualTo(Map.of("x", 1, "y", 2));
    assertThat(row.getList("arr", Integer.class)).containsExactly(1, 2, 3);
    assertThat(row.getString("re")).isEqualTo("/^a.*z$/i");
    assertThat(row.getString("js")).isEqualTo("function() { return 1; }");
    assertThat(row.getString("min_key")).isEqualTo("minKey");
    assertThat(row.getString("max_key")).isEqualTo("maxKey");
    assertThat(row.getString("empty")).isEqualTo("{}");
    assertThat(row.getString("deep"))
        .startsWith("{\"l\":{\"l\":")
        .endsWith("{\"leaf\":1" + "}".repeat(100));
    assertThat(row.getString("deep").split("\"l\":", -1)).hasSize(100);
  }
}
