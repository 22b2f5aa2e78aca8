package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.flags.ExitCodes;
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
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An NDJSON file as {@code mongoexport} writes it, with plain JSON values and MongoDB Extended JSON
 * wrappers, loads through {@code sluice migrate}: nested field paths, arrays into lists, sets and
 * tuples, documents into maps, user-defined types and JSON text. Malformed lines are covered by
 * {@link NdjsonDamageIT}.
 */
@RealCassandra
class NdjsonIT {

  private static final UUID UID = UUID.fromString("3b241101-e2bb-4255-8caf-4136c566a962");

  @TempDir static Path dir;

  static CliRun run;

  @BeforeAll
  static void load(CqlSession session, TestKeyspace keyspace) throws Exception {
    session.execute("CREATE TYPE address (street text, zip_code text)");
    session.execute(
        "CREATE TABLE ndjson_types (id text PRIMARY KEY, n int, big bigint, d double,"
            + " dec decimal, flag boolean, at timestamp, born date, uid uuid, bin blob, oid text,"
            + " tags frozen<list<text>>, nums set<int>, scores map<text, int>,"
            + " address frozen<address>, profile text, given text, first_sku int,"
            + " pair frozen<tuple<int, text>>, missing text)");
    Files.writeString(
        dir.resolve("people.ndjson"),
        "{\"_id\":\"u1\",\"n\":42,\"big\":{\"$numberLong\":\"9007199254740993\"},\"d\":0.1,"
            + "\"dec\":{\"$numberDecimal\":\"12345.678900\"},\"flag\":true,"
            + "\"at\":{\"$date\":\"2024-05-01T12:00:00.123Z\"},"
            + "\"born\":{\"$date\":\"1815-12-10T00:00:00Z\"},\"uid\":{\"$uuid\":\""
            + UID
            + "\"},\"bin\":{\"$binary\":{\"base64\":\"AAEC/w==\",\"subType\":\"00\"}},"
            + "\"oid\":{\"$oid\":\"65a1b2c3d4e5f60718293a4b\"},\"tags\":[\"math\",\"poetry\"],"
            + "\"nums\":[3,1,2],\"scores\":{\"a\":1,\"b\":2},"
            + "\"address\":{\"street\":\"1 Main St\",\"zipCode\":\"01234\"},"
            + "\"profile\":{\"name\":{\"given\":\"Ada\",\"family\":\"Lovelace\"},"
            + "\"langs\":[\"en\",\"fr\"]},\"items\":[{\"sku\":7},{\"sku\":8}],"
            + "\"pair\":[1,\"one\"],\"missing\":null}\n"
            + "\n"
            + "{\"_id\":\"u2\",\"n\":-1,\"big\":-5,\"d\":1e300,"
            + "\"dec\":3.14159265358979323846264338327950288,\"flag\":false,"
            + "\"at\":{\"$date\":{\"$numberLong\":\"-1\"}},\"tags\":[],\"pair\":[2,null]}\n");
    String mapping =
        """
        mapping:
          columns:
            id: _id
            n: n
            big: big
            d: d
            dec: dec
            flag: flag
            at: at
            born: born
            uid: uid
            bin: bin
            oid: oid
            tags: tags
            nums: nums
            scores: scores
            address: address
            profile: profile
            given: profile.name.given
            first_sku: items[0].sku
            pair: pair
            missing: missing
        """;
    run =
        CliRun.of(
            "migrate",
            JobFile.write(
                    dir,
                    "people",
                    keyspace,
                    "ndjson_types",
                    "  - type: ndjson\n    path: people.ndjson\n",
                    mapping)
                .toString(),
            "--max-errors",
            "0");
  }

  private static Row row(CqlSession session, String id) {
    Row row = session.execute("SELECT * FROM ndjson_types WHERE id = ?", id).one();
    assertThat(row).as("row " + id).isNotNull();
    return row;
  }

  @Test
  void should_load_every_line_and_skip_blank_ones() throws Exception {
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    JsonNode counts = CliRun.report(dir.resolve("state-people"));
    assertThat(counts.get("records-read").asLong()).isEqualTo(2);
    assertThat(counts.get("rows-written").asLong()).isEqualTo(2);
  }

  @Test
  void should_keep_scalars_and_extended_json_values_exact(CqlSession session) {
    Row ada = row(session, "u1");
    assertThat(ada.getInt("n")).isEqualTo(42);
    assertThat(ada.getLong("big")).isEqualTo(9007199254740993L);
    assertThat(ada.getDouble("d")).isEqualTo(0.1);
    assertThat(ada.getBigDecimal("dec")).isEqualTo(new BigDecimal("12345.678900"));
    assertThat(ada.getBoolean("flag")).isTrue();
    assertThat(ada.getInstant("at")).isEqualTo(Instant.parse("2024-05-01T12:00:00.123Z"));
    assertThat(ada.getLocalDate("born")).isEqualTo(LocalDate.of(1815, 12, 10));
    assertThat(ada.getUuid("uid")).isEqualTo(UID);
    assertThat(ada.getByteBuffer("bin")).isEqualTo(ByteBuffer.wrap(new byte[] {0, 1, 2, -1}));
    assertThat(ada.getString("oid")).isEqualTo("65a1b2c3d4e5f60718293a4b");
    assertThat(ada.isNull("missing")).isTrue();

    Row grace = row(session, "u2");
    assertThat(grace.getInt("n")).isEqualTo(-1);
    assertThat(grace.getLong("big")).isEqualTo(-5L);
    assertThat(grace.getDouble("d")).isEqualTo(1e300);
    assertThat(grace.getBigDecimal("dec"))
        .isEqualTo(new BigDecimal("3.14159265358979323846264338327950288"));
    assertThat(grace.getBoolean("flag")).isFalse();
    assertThat(grace.getInstant("at")).isEqualTo(Instant.parse("1969-12-31T23:59:59.999Z"));
    assertThat(grace.isNull("born")).isTrue();
    assertThat(grace.isNull("uid")).isTrue();
  }

  @Test
  void should_load_arrays_documents_and_nested_paths(CqlSession session) {
    Row ada = row(session, "u1");
    assertThat(ada.getList("tags", String.class)).containsExactly("math", "poetry");
    assertThat(ada.getSet("nums", Integer.class)).isEqualTo(Set.of(1, 2, 3));
    assertThat(ada.getMap("scores", String.class, Integer.class)).isEqualTo(Map.of("a", 1, "b", 2));
    UdtValue address = ada.getUdtValue("address");
    assertThat(address.getString("street")).isEqualTo("1 Main St");
    assertThat(address.getString("zip_code")).isEqualTo("01234");
    assertThat(ada.getString("profile"))
        .isEqualTo(
            "{\"name\":{\"given\":\"Ada\",\"family\":\"Lovelace\"},\"langs\":[\"en\",\"fr\"]}");
    assertThat(ada.getString("given")).isEqualTo("Ada");
    assertThat(ada.getInt("first_sku")).isEqualTo(7);
    TupleValue pair = ada.getTupleValue("pair");
    assertThat(pair.getInt(0)).isEqualTo(1);
    assertThat(pair.getString(1)).isEqualTo("one");

    Row grace = row(session, "u2");
    assertThat(grace.getList("tags", String.class)).isEmpty();
    assertThat(grace.isNull("address")).isTrue();
    assertThat(grace.isNull("given")).isTrue();
    assertThat(grace.getTupleValue("pair").getInt(0)).isEqualTo(2);
    assertThat(grace.getTupleValue("pair").isNull(1)).isTrue();
  }

  @Test
  void should_leave_missing_collections_unset(CqlSession session) {
    Row grace = row(session, "u2");

    assertThat(grace.getSet("nums", Integer.class)).isEmpty();
    assertThat(grace.getMap("scores", String.class, Integer.class)).isEmpty();
    assertThat(List.of(grace.isNull("nums"), grace.isNull("scores"))).containsOnly(true);
  }
}
