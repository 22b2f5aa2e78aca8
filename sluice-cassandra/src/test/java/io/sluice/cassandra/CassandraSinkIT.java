package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.SourcePosition;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@RealCassandra
class CassandraSinkIT {

  private static final SourcePosition POSITION = new SourcePosition("test.bson", 0, "k");

  @BeforeAll
  static void createTables(CqlSession session) {
    session.execute("CREATE TYPE address (street text, zip_code int)");
    session.execute(
        "CREATE TABLE people (id text, seq int, name text, home frozen<address>,"
            + " places map<text, frozen<address>>, pair frozen<tuple<int, text>>,"
            + " PRIMARY KEY (id, seq))");
    session.execute("CREATE TABLE hits (id text PRIMARY KEY, n counter)");
  }

  /** The target settings of {@code table} in the test keyspace, at consistency ONE. */
  static TargetSpec spec(TestKeyspace keyspace, String table, String nullValues) {
    return new TargetSpec(
        null,
        List.of(keyspace.hostAndPort()),
        keyspace.localDatacenter(),
        keyspace.name(),
        table,
        null,
        null,
        null,
        "ONE",
        nullValues,
        null);
  }

  private static io.sluice.core.sink.Row row(Map<String, Object> values, long timestamp) {
    return new io.sluice.core.sink.Row(values, timestamp, POSITION);
  }

  private static Map<String, Object> values(Object... pairs) {
    Map<String, Object> values = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      values.put((String) pairs[i], pairs[i + 1]);
    }
    return values;
  }

  @Test
  void should_read_the_table_schema_with_keys_in_order(TestKeyspace keyspace) {
    try (CassandraTarget target =
        CassandraTarget.connect(spec(keyspace, "people", null), Path.of("."))) {
      TableSchema schema = target.schema();

      assertThat(schema.partitionKey()).extracting(ColumnSchema::name).containsExactly("id");
      assertThat(schema.clusteringColumns()).extracting(ColumnSchema::name).containsExactly("seq");
      assertThat(schema.column("home").orElseThrow().type())
          .isInstanceOfSatisfying(
              CqlType.UdtType.class,
              udt -> assertThat(udt.fields()).containsOnlyKeys("street", "zip_code"));
      assertThat(schema.counterTable()).isFalse();
    }
  }

  @Test
  void should_hold_the_schema_of_the_job_keyspace_alone(TestKeyspace keyspace) {
    try (CassandraTarget target =
        CassandraTarget.connect(spec(keyspace, "people", null), Path.of("."))) {
      CqlSession session = target.session();

      assertThat(session.getMetadata().getKeyspaces().keySet())
          .extracting(CqlIdentifier::asInternal)
          .containsExactly(keyspace.name());
      assertThat(session.getMetadata().getTokenMap().orElseThrow().getTokenRanges()).isNotEmpty();
    }
  }

  @Test
  void should_scan_tables_over_protocol_v4_with_the_schema_of_their_keyspace_alone(
      TestKeyspace keyspace) {
    TargetSpec spec = spec(keyspace, "people", null);
    try (CqlSession source =
            SessionFactory.openForScans(spec.cluster(), Path.of("."), keyspace.name());
        CassandraTarget checked = CassandraTarget.connectToCheck(spec, Path.of("."));
        CassandraTarget loaded = CassandraTarget.connect(spec, Path.of("."))) {
      assertThat(source.getContext().getProtocolVersion()).isEqualTo(DefaultProtocolVersion.V4);
      assertThat(source.getMetadata().getKeyspaces().keySet())
          .extracting(CqlIdentifier::asInternal)
          .containsExactly(keyspace.name());
      assertThat(checked.session().getContext().getProtocolVersion())
          .isEqualTo(DefaultProtocolVersion.V4);
      assertThat(checked.session().getMetadata().getKeyspaces().keySet())
          .extracting(CqlIdentifier::asInternal)
          .containsExactly(keyspace.name());
      // A load's writes keep the protocol the driver negotiates (v5 with a 5.0 node), whose
      // overload refusals flow control adapts to.
      assertThat(loaded.session().getContext().getProtocolVersion())
          .isEqualTo(DefaultProtocolVersion.V5);
    }
  }

  @Test
  void should_detect_counter_tables(TestKeyspace keyspace) {
    try (CassandraTarget target =
        CassandraTarget.connect(spec(keyspace, "hits", null), Path.of("."))) {
      assertThat(target.schema().counterTable()).isTrue();
    }
  }

  @Test
  void should_write_udts_tuples_and_the_explicit_timestamp(
      CqlSession session, TestKeyspace keyspace) {
    Map<String, Object> home = new LinkedHashMap<>();
    home.put("street", "1 Main St");
    home.put("zip_code", 1000);
    try (CassandraTarget target =
            CassandraTarget.connect(spec(keyspace, "people", null), Path.of("."));
        Sink sink =
            target.openSink(
                new FlowSpec(1, 8, "partition", 0, null, null, null, null, null, null))) {
      WriteResult result =
          sink.write(
                  List.of(
                      row(
                          values(
                              "id",
                              "a",
                              "seq",
                              1,
                              "name",
                              "Ada",
                              "home",
                              home,
                              "places",
                              Map.of("work", home),
                              "pair",
                              List.of(7, "seven")),
                          1_000_000L),
                      row(values("id", "a", "seq", 2, "name", "Ada two"), 1_000_000L)))
              .toCompletableFuture()
              .join();

      assertThat(result.written()).isEqualTo(2);
      assertThat(result.failed()).isEmpty();
    }
    Row row =
        session
            .execute(
                "SELECT home, places, pair, writetime(name) FROM people WHERE id = 'a' AND seq = 1")
            .one();
    assertThat(row.getUdtValue("home").getString("street")).isEqualTo("1 Main St");
    assertThat(row.getUdtValue("home").getInt("zip_code")).isEqualTo(1000);
    assertThat(
            row.getMap("places", String.class, com.datastax.oss.driver.api.core.data.UdtValue.class)
                .get("work")
                .getInt("zip_code"))
        .isEqualTo(1000);
    assertThat(row.getTupleValue("pair").getString(1)).isEqualTo("seven");
    assertThat(row.getLong(3)).isEqualTo(1_000_000L);
  }

  @Test
  void should_leave_nulls_unset_or_delete_them_as_configured(
      CqlSession session, TestKeyspace keyspace) {
    session.execute(
        "INSERT INTO people (id, seq, name) VALUES ('n', 1, 'kept') USING TIMESTAMP 10");
    session.execute(
        "INSERT INTO people (id, seq, name) VALUES ('n', 2, 'deleted') USING TIMESTAMP 10");
    Map<String, Object> withNull = values("id", "n", "seq", 1, "name", null);
    try (CassandraTarget unset =
            CassandraTarget.connect(spec(keyspace, "people", "unset"), Path.of("."));
        Sink sink = unset.openSink(FlowSpec.defaults())) {
      sink.write(List.of(row(withNull, 20))).toCompletableFuture().join();
    }
    Map<String, Object> withNull2 = values("id", "n", "seq", 2, "name", null);
    try (CassandraTarget write =
            CassandraTarget.connect(spec(keyspace, "people", "write"), Path.of("."));
        Sink sink = write.openSink(FlowSpec.defaults())) {
      sink.write(List.of(row(withNull2, 20))).toCompletableFuture().join();
    }

    assertThat(
            session
                .execute("SELECT name FROM people WHERE id = 'n' AND seq = 1")
                .one()
                .getString(0))
        .isEqualTo("kept");
    assertThat(
            session
                .execute("SELECT name FROM people WHERE id = 'n' AND seq = 2")
                .one()
                .getString(0))
        .isNull();
  }

  @Test
  void should_report_a_refused_write_as_a_failed_row_without_retrying(
      CqlSession session, TestKeyspace keyspace) {
    session.execute("CREATE TABLE doomed (id text PRIMARY KEY, v text)");
    try (CassandraTarget target =
            CassandraTarget.connect(spec(keyspace, "doomed", null), Path.of("."));
        Sink sink = target.openSink(FlowSpec.defaults())) {
      session.execute("DROP TABLE doomed");

      WriteResult result =
          sink.write(List.of(row(values("id", "x", "v", "y"), 5))).toCompletableFuture().join();

      assertThat(result.written()).isZero();
      assertThat(result.retries()).isZero();
      assertThat(result.failed())
          .singleElement()
          .satisfies(
              failed -> {
                assertThat(failed.reason()).startsWith("write refused:");
                assertThat(failed.row().position()).isEqualTo(POSITION);
              });
    }
  }

  /**
   * A value the driver cannot encode (text holding half a surrogate pair, which the mapping
   * refuses, reaching the sink anyway) fails its own row with a reason naming the column; the other
   * rows of the record are written, alone or in their partition's batch.
   */
  @Test
  void should_refuse_a_row_it_cannot_encode_by_itself(CqlSession session, TestKeyspace keyspace) {
    session.execute("CREATE TABLE unencodable (id text, seq int, v text, PRIMARY KEY (id, seq))");
    for (String batch : new String[] {null, "partition"}) {
      FlowSpec flow = new FlowSpec(null, null, batch, null, null, null, null, null, null, null);
      try (CassandraTarget target =
              CassandraTarget.connect(spec(keyspace, "unencodable", null), Path.of("."));
          Sink sink = target.openSink(flow)) {
        String id = batch == null ? "single" : "batched";
        WriteResult result =
            sink.write(
                    List.of(
                        row(values("id", id, "seq", 1, "v", "fine"), 5),
                        row(values("id", id, "seq", 2, "v", "half \uDFAA a pair"), 5),
                        row(values("id", id, "seq", 3, "v", "also fine"), 5)))
                .toCompletableFuture()
                .join();

        assertThat(result.written()).as(id).isEqualTo(2);
        assertThat(result.failed())
            .as(id)
            .singleElement()
            .satisfies(
                failed ->
                    assertThat(failed.reason())
                        .isEqualTo(
                            "cannot be sent: column 'v': the text is not valid Unicode and cannot"
                                + " be encoded as UTF-8"));
        assertThat(
                session.execute("SELECT seq FROM unencodable WHERE id = ?", id).all().stream()
                    .map(r -> r.getInt(0)))
            .as(id)
            .containsExactly(1, 3);
      }
    }
  }
}
