package io.sluice.proxy;

import static io.sluice.proxy.ClusterRole.PRIMARY;
import static io.sluice.proxy.ClusterRole.SECONDARY;
import static io.sluice.proxy.Route.IfOtherFails.FAIL_CLIENT;
import static io.sluice.proxy.Route.IfOtherFails.JOIN_REPLAY_LOG;
import static io.sluice.proxy.Route.IfOtherFails.KEEP_IF_NOT_NOW;
import static io.sluice.proxy.Route.IfOtherFails.WARN_ONLY;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.proxy.ClientRequest.BatchEntry;
import io.sluice.proxy.Route.IfOtherFails;
import io.sluice.proxy.Route.LocalAnswer;
import io.sluice.proxy.Route.Rewrite;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every request kind the dispatcher tells apart, in every state of the proxy, with the route it
 * must take: one row of {@link #TABLE} per request, naming its route in each {@link State}. The
 * expected routes are what the dispatcher did before routing was a value of its own.
 *
 * <p>A switch has no state in between (the {@link Switchboard} swaps the serving cluster at once),
 * so "during a switch" is the rows of requests that straddle one, read in the switched columns: a
 * later page of a read begun on the primary, a statement prepared before the switch on one cluster
 * only.
 */
class RoutingTest {

  /** The proxy's states, in the order of the table's columns. */
  enum State {
    STRICT(new ProxyState(ProxyState.Mode.STRICT, PRIMARY, false)),
    LOG(new ProxyState(ProxyState.Mode.LOG, PRIMARY, false)),
    SECONDARY_DOWN(new ProxyState(ProxyState.Mode.LOG, PRIMARY, true)),
    SWITCHED(new ProxyState(ProxyState.Mode.STRICT, SECONDARY, false)),
    SWITCHED_LOG(new ProxyState(ProxyState.Mode.LOG, SECONDARY, false)),
    SWITCHED_PRIMARY_DOWN(new ProxyState(ProxyState.Mode.LOG, SECONDARY, true));

    final ProxyState proxy;

    State(ProxyState proxy) {
      this.proxy = proxy;
    }
  }

  /** A request and the route it must take in each state. */
  private static final class Row {
    final String request;
    final ClientRequest sent;
    final Map<State, Route> routes = new EnumMap<>(State.class);

    Row(String request, ClientRequest sent) {
      this.request = request;
      this.sent = sent;
    }

    Row strict(Route route) {
      return in(State.STRICT, route);
    }

    Row log(Route route) {
      return in(State.LOG, route);
    }

    Row secondaryDown(Route route) {
      return in(State.SECONDARY_DOWN, route);
    }

    Row switched(Route route) {
      return in(State.SWITCHED, route);
    }

    Row switchedLog(Route route) {
      return in(State.SWITCHED_LOG, route);
    }

    Row switchedPrimaryDown(Route route) {
      return in(State.SWITCHED_PRIMARY_DOWN, route);
    }

    private Row in(State state, Route route) {
      assertThat(routes.put(state, route)).as("%s in %s, twice", request, state).isNull();
      return this;
    }
  }

  private static final Set<ClusterRole> BOTH = Set.of(PRIMARY, SECONDARY);
  private static final Set<ClusterRole> ON_PRIMARY = Set.of(PRIMARY);
  private static final Set<ClusterRole> ON_SECONDARY = Set.of(SECONDARY);
  private static final Optional<ClusterRole> FIRST_PAGE = Optional.empty();

  private static final List<Row> TABLE = new ArrayList<>();

  static {
    // QUERY: statements as text.
    on("SELECT, first page", query(StatementKind.READ, FIRST_PAGE))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(read(SECONDARY, true))
        .switchedLog(read(SECONDARY, true))
        .switchedPrimaryDown(read(SECONDARY, true));
    on("SELECT, later page begun on the primary", query(StatementKind.READ, Optional.of(PRIMARY)))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(read(PRIMARY, false))
        .switchedLog(read(PRIMARY, false))
        .switchedPrimaryDown(read(PRIMARY, false));
    on(
            "SELECT, later page begun on the secondary",
            query(StatementKind.READ, Optional.of(SECONDARY)))
        .strict(read(SECONDARY, false))
        .log(read(SECONDARY, false))
        .secondaryDown(read(SECONDARY, false))
        .switched(read(SECONDARY, true))
        .switchedLog(read(SECONDARY, true))
        .switchedPrimaryDown(read(SECONDARY, true));
    on("SELECT FROM system.local", query(StatementKind.LOCAL_NODE, FIRST_PAGE))
        .strict(localNode(PRIMARY))
        .log(localNode(PRIMARY))
        .secondaryDown(localNode(PRIMARY))
        .switched(localNode(SECONDARY))
        .switchedLog(localNode(SECONDARY))
        .switchedPrimaryDown(localNode(SECONDARY));
    on(
            "SELECT FROM system.local, later page",
            query(StatementKind.LOCAL_NODE, Optional.of(SECONDARY)))
        .strict(localNode(PRIMARY))
        .log(localNode(PRIMARY))
        .secondaryDown(localNode(PRIMARY))
        .switched(localNode(SECONDARY))
        .switchedLog(localNode(SECONDARY))
        .switchedPrimaryDown(localNode(SECONDARY));
    on("SELECT FROM system.peers", query(StatementKind.PEERS, FIRST_PAGE))
        .strict(noPeers(PRIMARY))
        .log(noPeers(PRIMARY))
        .secondaryDown(noPeers(PRIMARY))
        .switched(noPeers(SECONDARY))
        .switchedLog(noPeers(SECONDARY))
        .switchedPrimaryDown(noPeers(SECONDARY));
    on("INSERT, UPDATE, DELETE or BATCH as text", query(StatementKind.WRITE, FIRST_PAGE))
        .strict(both(PRIMARY, FAIL_CLIENT))
        .log(both(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(both(PRIMARY, JOIN_REPLAY_LOG))
        .switched(both(SECONDARY, FAIL_CLIENT))
        .switchedLog(both(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(both(SECONDARY, JOIN_REPLAY_LOG));
    on("conditional write as text", query(StatementKind.CONDITIONAL_WRITE, FIRST_PAGE))
        .strict(conditional(PRIMARY, WARN_ONLY))
        .log(conditional(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(conditional(PRIMARY, KEEP_IF_NOT_NOW))
        .switched(conditional(SECONDARY, WARN_ONLY))
        .switchedLog(conditional(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(conditional(SECONDARY, KEEP_IF_NOT_NOW));
    on("schema change as text", query(StatementKind.SCHEMA, FIRST_PAGE))
        .strict(schema(PRIMARY, FAIL_CLIENT))
        .log(schema(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(schema(PRIMARY, JOIN_REPLAY_LOG))
        .switched(schema(SECONDARY, FAIL_CLIENT))
        .switchedLog(schema(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(schema(SECONDARY, JOIN_REPLAY_LOG));
    on("USE keyspace", new ClientRequest.Use(true))
        .strict(use(PRIMARY, FAIL_CLIENT))
        .log(use(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(use(PRIMARY, KEEP_IF_NOT_NOW))
        .switched(use(SECONDARY, FAIL_CLIENT))
        .switchedLog(use(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(use(SECONDARY, KEEP_IF_NOT_NOW));
    on("USE without a keyspace", new ClientRequest.Use(false))
        .strict(local(LocalAnswer.USE_NEEDS_KEYSPACE))
        .log(local(LocalAnswer.USE_NEEDS_KEYSPACE))
        .secondaryDown(local(LocalAnswer.USE_NEEDS_KEYSPACE))
        .switched(local(LocalAnswer.USE_NEEDS_KEYSPACE))
        .switchedLog(local(LocalAnswer.USE_NEEDS_KEYSPACE))
        .switchedPrimaryDown(local(LocalAnswer.USE_NEEDS_KEYSPACE));

    // PREPARE: a read may stay prepared on one cluster; a write or schema change must be on both.
    for (StatementKind kind :
        List.of(
            StatementKind.READ, StatementKind.LOCAL_NODE, StatementKind.PEERS, StatementKind.USE)) {
      on("PREPARE of a " + kind.label, new ClientRequest.Prepare(kind))
          .strict(prepare(PRIMARY, false, FAIL_CLIENT))
          .log(prepare(PRIMARY, false, KEEP_IF_NOT_NOW))
          .secondaryDown(prepare(PRIMARY, false, KEEP_IF_NOT_NOW))
          .switched(prepare(SECONDARY, false, FAIL_CLIENT))
          .switchedLog(prepare(SECONDARY, false, KEEP_IF_NOT_NOW))
          .switchedPrimaryDown(prepare(SECONDARY, false, KEEP_IF_NOT_NOW));
    }
    for (StatementKind kind :
        List.of(StatementKind.WRITE, StatementKind.CONDITIONAL_WRITE, StatementKind.SCHEMA)) {
      on("PREPARE of a " + kind.label, new ClientRequest.Prepare(kind))
          .strict(prepare(PRIMARY, true, FAIL_CLIENT))
          .log(prepare(PRIMARY, true, KEEP_IF_NOT_NOW))
          .secondaryDown(prepare(PRIMARY, true, KEEP_IF_NOT_NOW))
          .switched(prepare(SECONDARY, true, FAIL_CLIENT))
          .switchedLog(prepare(SECONDARY, true, KEEP_IF_NOT_NOW))
          .switchedPrimaryDown(prepare(SECONDARY, true, KEEP_IF_NOT_NOW));
    }

    // EXECUTE of a prepared statement.
    on("EXECUTE of an id the proxy does not know", new ClientRequest.ExecuteUnknown())
        .strict(local(LocalAnswer.UNKNOWN_STATEMENT))
        .log(local(LocalAnswer.UNKNOWN_STATEMENT))
        .secondaryDown(local(LocalAnswer.UNKNOWN_STATEMENT))
        .switched(local(LocalAnswer.UNKNOWN_STATEMENT))
        .switchedLog(local(LocalAnswer.UNKNOWN_STATEMENT))
        .switchedPrimaryDown(local(LocalAnswer.UNKNOWN_STATEMENT));
    on("EXECUTE of a read, first page", execute(StatementKind.READ, BOTH, FIRST_PAGE))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(read(SECONDARY, true))
        .switchedLog(read(SECONDARY, true))
        .switchedPrimaryDown(read(SECONDARY, true));
    on(
            "EXECUTE of a read, later page begun on the primary",
            execute(StatementKind.READ, BOTH, Optional.of(PRIMARY)))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(read(PRIMARY, false))
        .switchedLog(read(PRIMARY, false))
        .switchedPrimaryDown(read(PRIMARY, false));
    on(
            "EXECUTE of a read, later page begun on the secondary",
            execute(StatementKind.READ, BOTH, Optional.of(SECONDARY)))
        .strict(read(SECONDARY, false))
        .log(read(SECONDARY, false))
        .secondaryDown(read(SECONDARY, false))
        .switched(read(SECONDARY, true))
        .switchedLog(read(SECONDARY, true))
        .switchedPrimaryDown(read(SECONDARY, true));
    on(
            "EXECUTE of a read prepared on the primary only",
            execute(StatementKind.READ, ON_PRIMARY, FIRST_PAGE))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(local(LocalAnswer.PREPARE_AGAIN))
        .switchedLog(local(LocalAnswer.PREPARE_AGAIN))
        .switchedPrimaryDown(local(LocalAnswer.PREPARE_AGAIN));
    on(
            "EXECUTE of a read prepared on the primary only, later page begun there",
            execute(StatementKind.READ, ON_PRIMARY, Optional.of(PRIMARY)))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(read(PRIMARY, false))
        .switchedLog(read(PRIMARY, false))
        .switchedPrimaryDown(read(PRIMARY, false));
    on(
            "EXECUTE of a read prepared on the secondary only",
            execute(StatementKind.READ, ON_SECONDARY, FIRST_PAGE))
        .strict(local(LocalAnswer.PREPARE_AGAIN))
        .log(local(LocalAnswer.PREPARE_AGAIN))
        .secondaryDown(local(LocalAnswer.PREPARE_AGAIN))
        .switched(read(SECONDARY, true))
        .switchedLog(read(SECONDARY, true))
        .switchedPrimaryDown(read(SECONDARY, true));
    on("EXECUTE of a read of system.local", execute(StatementKind.LOCAL_NODE, BOTH, FIRST_PAGE))
        .strict(localNode(PRIMARY))
        .log(localNode(PRIMARY))
        .secondaryDown(localNode(PRIMARY))
        .switched(localNode(SECONDARY))
        .switchedLog(localNode(SECONDARY))
        .switchedPrimaryDown(localNode(SECONDARY));
    on("EXECUTE of a read of system.peers", execute(StatementKind.PEERS, BOTH, FIRST_PAGE))
        .strict(noPeers(PRIMARY))
        .log(noPeers(PRIMARY))
        .secondaryDown(noPeers(PRIMARY))
        .switched(noPeers(SECONDARY))
        .switchedLog(noPeers(SECONDARY))
        .switchedPrimaryDown(noPeers(SECONDARY));
    on("EXECUTE of a prepared USE", execute(StatementKind.USE, BOTH, FIRST_PAGE))
        .strict(read(PRIMARY, true))
        .log(read(PRIMARY, true))
        .secondaryDown(read(PRIMARY, true))
        .switched(read(SECONDARY, true))
        .switchedLog(read(SECONDARY, true))
        .switchedPrimaryDown(read(SECONDARY, true));
    on("EXECUTE of a write", execute(StatementKind.WRITE, BOTH, FIRST_PAGE))
        .strict(both(PRIMARY, FAIL_CLIENT))
        .log(both(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(both(PRIMARY, JOIN_REPLAY_LOG))
        .switched(both(SECONDARY, FAIL_CLIENT))
        .switchedLog(both(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(both(SECONDARY, JOIN_REPLAY_LOG));
    on(
            "EXECUTE of a write prepared on the primary only",
            execute(StatementKind.WRITE, ON_PRIMARY, FIRST_PAGE))
        .strict(bothAsTextToOther(PRIMARY, FAIL_CLIENT))
        .log(bothAsTextToOther(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(bothAsTextToOther(PRIMARY, JOIN_REPLAY_LOG))
        .switched(local(LocalAnswer.PREPARE_AGAIN))
        .switchedLog(local(LocalAnswer.PREPARE_AGAIN))
        .switchedPrimaryDown(local(LocalAnswer.PREPARE_AGAIN));
    on(
            "EXECUTE of a write prepared on the secondary only",
            execute(StatementKind.WRITE, ON_SECONDARY, FIRST_PAGE))
        .strict(local(LocalAnswer.PREPARE_AGAIN))
        .log(local(LocalAnswer.PREPARE_AGAIN))
        .secondaryDown(local(LocalAnswer.PREPARE_AGAIN))
        .switched(bothAsTextToOther(SECONDARY, FAIL_CLIENT))
        .switchedLog(bothAsTextToOther(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(bothAsTextToOther(SECONDARY, JOIN_REPLAY_LOG));
    on("EXECUTE of a conditional write", execute(StatementKind.CONDITIONAL_WRITE, BOTH, FIRST_PAGE))
        .strict(conditional(PRIMARY, WARN_ONLY))
        .log(conditional(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(conditional(PRIMARY, KEEP_IF_NOT_NOW))
        .switched(conditional(SECONDARY, WARN_ONLY))
        .switchedLog(conditional(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(conditional(SECONDARY, KEEP_IF_NOT_NOW));
    on(
            "EXECUTE of a conditional write prepared on the primary only",
            execute(StatementKind.CONDITIONAL_WRITE, ON_PRIMARY, FIRST_PAGE))
        .strict(conditionalAsTextToOther(PRIMARY, WARN_ONLY))
        .log(conditionalAsTextToOther(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(conditionalAsTextToOther(PRIMARY, KEEP_IF_NOT_NOW))
        .switched(local(LocalAnswer.PREPARE_AGAIN))
        .switchedLog(local(LocalAnswer.PREPARE_AGAIN))
        .switchedPrimaryDown(local(LocalAnswer.PREPARE_AGAIN));
    on("EXECUTE of a schema change", execute(StatementKind.SCHEMA, BOTH, FIRST_PAGE))
        .strict(schema(PRIMARY, FAIL_CLIENT))
        .log(schema(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(schema(PRIMARY, JOIN_REPLAY_LOG))
        .switched(schema(SECONDARY, FAIL_CLIENT))
        .switchedLog(schema(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(schema(SECONDARY, JOIN_REPLAY_LOG));

    // BATCH: text and prepared statements.
    on("BATCH of texts", batch(false, text(), text()))
        .strict(both(PRIMARY, FAIL_CLIENT))
        .log(both(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(both(PRIMARY, JOIN_REPLAY_LOG))
        .switched(both(SECONDARY, FAIL_CLIENT))
        .switchedLog(both(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(both(SECONDARY, JOIN_REPLAY_LOG));
    on("BATCH of a text and a statement prepared on both", batch(false, text(), prepared(BOTH)))
        .strict(both(PRIMARY, FAIL_CLIENT))
        .log(both(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(both(PRIMARY, JOIN_REPLAY_LOG))
        .switched(both(SECONDARY, FAIL_CLIENT))
        .switchedLog(both(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(both(SECONDARY, JOIN_REPLAY_LOG));
    on("conditional BATCH", batch(true, prepared(BOTH), text()))
        .strict(conditional(PRIMARY, WARN_ONLY))
        .log(conditional(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(conditional(PRIMARY, KEEP_IF_NOT_NOW))
        .switched(conditional(SECONDARY, WARN_ONLY))
        .switchedLog(conditional(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(conditional(SECONDARY, KEEP_IF_NOT_NOW));
    on(
            "BATCH with an id the proxy does not know",
            batch(false, text(), new BatchEntry.Unknown(), prepared(ON_PRIMARY)))
        .strict(unprepared(1))
        .log(unprepared(1))
        .secondaryDown(unprepared(1))
        .switched(unprepared(1))
        .switchedLog(unprepared(1))
        .switchedPrimaryDown(unprepared(1));
    on(
            "BATCH with a statement prepared on the primary only",
            batch(false, text(), prepared(ON_PRIMARY)))
        .strict(unprepared(1))
        .log(bothAsTextToOther(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(bothAsTextToOther(PRIMARY, JOIN_REPLAY_LOG))
        .switched(unprepared(1))
        .switchedLog(unprepared(1))
        .switchedPrimaryDown(unprepared(1));
    on(
            "BATCH with a statement prepared on the secondary only",
            batch(false, prepared(ON_SECONDARY), prepared(BOTH)))
        .strict(unprepared(0))
        .log(unprepared(0))
        .secondaryDown(unprepared(0))
        .switched(unprepared(0))
        .switchedLog(bothAsTextToOther(SECONDARY, KEEP_IF_NOT_NOW))
        .switchedPrimaryDown(bothAsTextToOther(SECONDARY, JOIN_REPLAY_LOG));
    on(
            "conditional BATCH with a statement prepared on the primary only",
            batch(true, text(), prepared(ON_PRIMARY)))
        .strict(unprepared(1))
        .log(conditionalAsTextToOther(PRIMARY, KEEP_IF_NOT_NOW))
        .secondaryDown(conditionalAsTextToOther(PRIMARY, KEEP_IF_NOT_NOW))
        .switched(unprepared(1))
        .switchedLog(unprepared(1))
        .switchedPrimaryDown(unprepared(1));

    // Anything else that reaches the dispatcher (the handshake is the connection's).
    on("a request the proxy does not take", new ClientRequest.Unsupported())
        .strict(local(LocalAnswer.UNSUPPORTED_REQUEST))
        .log(local(LocalAnswer.UNSUPPORTED_REQUEST))
        .secondaryDown(local(LocalAnswer.UNSUPPORTED_REQUEST))
        .switched(local(LocalAnswer.UNSUPPORTED_REQUEST))
        .switchedLog(local(LocalAnswer.UNSUPPORTED_REQUEST))
        .switchedPrimaryDown(local(LocalAnswer.UNSUPPORTED_REQUEST));
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Row row : TABLE) {
      assertThat(row.routes.keySet()).as(row.request).containsExactly(State.values());
      for (State state : State.values()) {
        cases.add(Arguments.of(row.request, state, row.sent, row.routes.get(state)));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("cases")
  void should_route_each_request_in_each_state(
      String request, State state, ClientRequest sent, Route expected) {
    assertThat(Routing.of(sent, state.proxy)).isEqualTo(expected);
  }

  @Test
  void should_cover_every_kind_of_request_and_statement() {
    assertThat(TABLE.stream().<Class<?>>map(row -> row.sent.getClass()).distinct())
        .containsExactlyInAnyOrder(
            ClientRequest.Query.class,
            ClientRequest.Use.class,
            ClientRequest.Prepare.class,
            ClientRequest.Execute.class,
            ClientRequest.ExecuteUnknown.class,
            ClientRequest.Batch.class,
            ClientRequest.Unsupported.class);
    assertThat(
            TABLE.stream()
                .map(row -> row.sent)
                .filter(ClientRequest.Prepare.class::isInstance)
                .map(sent -> ((ClientRequest.Prepare) sent).kind()))
        .containsExactlyInAnyOrder(StatementKind.values());
    assertThat(
            TABLE.stream()
                .map(row -> row.sent)
                .filter(ClientRequest.Execute.class::isInstance)
                .map(sent -> ((ClientRequest.Execute) sent).kind())
                .distinct())
        .containsExactlyInAnyOrder(StatementKind.values());
  }

  @Test
  void should_fail_the_client_on_the_other_clusters_refusal_to_prepare_only_when_not_forgiven() {
    Route.PrepareOnBoth strict = prepare(PRIMARY, true, FAIL_CLIENT);
    Route.PrepareOnBoth log = prepare(PRIMARY, true, KEEP_IF_NOT_NOW);
    Route.PrepareOnBoth read = prepare(PRIMARY, false, FAIL_CLIENT);
    assertThat(strict.otherRefusalFailsClient(true, false, false)).isFalse();
    assertThat(strict.otherRefusalFailsClient(false, true, false)).isTrue();
    assertThat(read.otherRefusalFailsClient(false, false, false)).isFalse();
    assertThat(log.otherRefusalFailsClient(false, false, false)).isTrue();
    assertThat(log.otherRefusalFailsClient(false, true, false)).isFalse();
    assertThat(log.otherRefusalFailsClient(false, false, true)).isFalse();
  }

  private static Row on(String request, ClientRequest sent) {
    Row row = new Row(request, sent);
    TABLE.add(row);
    return row;
  }

  private static ClientRequest query(StatementKind kind, Optional<ClusterRole> pagedOn) {
    return new ClientRequest.Query(kind, pagedOn);
  }

  private static ClientRequest execute(
      StatementKind kind, Set<ClusterRole> preparedOn, Optional<ClusterRole> pagedOn) {
    return new ClientRequest.Execute(kind, preparedOn, pagedOn);
  }

  private static ClientRequest batch(boolean conditional, BatchEntry... entries) {
    return new ClientRequest.Batch(conditional, List.of(entries));
  }

  private static BatchEntry text() {
    return new BatchEntry.Text();
  }

  private static BatchEntry prepared(Set<ClusterRole> on) {
    return new BatchEntry.Prepared(on);
  }

  private static Route read(ClusterRole from, boolean shadowed) {
    return new Route.Read(from, Rewrite.NONE, shadowed);
  }

  private static Route localNode(ClusterRole from) {
    return new Route.Read(from, Rewrite.LOCAL_NODE, false);
  }

  private static Route noPeers(ClusterRole from) {
    return new Route.Read(from, Rewrite.NO_PEERS, false);
  }

  private static Route both(ClusterRole serving, IfOtherFails ifOtherFails) {
    return new Route.WriteBoth(serving, serving.other(), false, false, ifOtherFails);
  }

  private static Route bothAsTextToOther(ClusterRole serving, IfOtherFails ifOtherFails) {
    return new Route.WriteBoth(serving, serving.other(), false, true, ifOtherFails);
  }

  private static Route schema(ClusterRole serving, IfOtherFails ifOtherFails) {
    return new Route.WriteBoth(serving, serving.other(), true, false, ifOtherFails);
  }

  private static Route conditional(ClusterRole serving, IfOtherFails ifOtherFails) {
    return new Route.ServingThenOther(serving, serving.other(), false, ifOtherFails);
  }

  private static Route conditionalAsTextToOther(ClusterRole serving, IfOtherFails ifOtherFails) {
    return new Route.ServingThenOther(serving, serving.other(), true, ifOtherFails);
  }

  private static Route.PrepareOnBoth prepare(
      ClusterRole serving, boolean otherMustPrepare, IfOtherFails ifOtherFails) {
    return new Route.PrepareOnBoth(serving, serving.other(), otherMustPrepare, ifOtherFails);
  }

  private static Route use(ClusterRole serving, IfOtherFails ifOtherFails) {
    return new Route.UseKeyspace(serving, serving.other(), ifOtherFails);
  }

  private static Route local(LocalAnswer answer) {
    return new Route.AnswerLocally(answer);
  }

  private static Route unprepared(int entry) {
    return new Route.UnpreparedInBatch(entry);
  }
}
