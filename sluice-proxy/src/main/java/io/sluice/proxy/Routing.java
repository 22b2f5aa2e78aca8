package io.sluice.proxy;

import io.sluice.proxy.ClientRequest.BatchEntry;
import io.sluice.proxy.Route.IfOtherFails;
import io.sluice.proxy.Route.LocalAnswer;
import io.sluice.proxy.Route.Rewrite;
import java.util.List;
import java.util.Set;

/**
 * Where each request goes, decided before anything is sent. The rules:
 *
 * <ul>
 *   <li>A read goes to the serving cluster; a later page to the cluster that gave the first, so a
 *       read that began before a switch ends where it began. Only a read the serving cluster
 *       answers is shadowed. {@code system.local} and {@code system.peers} read as a {@code QUERY}
 *       always go to the serving cluster.
 *   <li>A write or schema change goes to both at once with one write timestamp; a conditional write
 *       to the serving cluster first, then to the other once applied.
 *   <li>A prepared statement runs where it was prepared: an execute on a cluster that lacks it is
 *       answered {@code UNPREPARED} (the client prepares again), but the other cluster of a write
 *       gets its text instead; a batch entry the other cluster lacks is {@code UNPREPARED} in
 *       strict mode, text in log mode.
 *   <li>A failure of the other cluster fails the client in strict mode (but for a conditional
 *       write's, which is logged); in log mode a write it cannot take now is kept for replay, and
 *       while the replay log holds writes, new writes join it unsent. A conditional write's turn on
 *       the other cluster comes only after the serving cluster's answer, so the log's state then
 *       decides, not its state now.
 * </ul>
 *
 * A switch has no state in between: the {@link Switchboard} swaps the serving cluster at once, a
 * request in flight keeps the route it got, and what straddles a switch are later pages and
 * statements prepared before it, which the request itself names.
 */
final class Routing {

  private Routing() {}

  /** The route of a request arriving while the proxy is in {@code state}. */
  static Route of(ClientRequest request, ProxyState state) {
    if (request instanceof ClientRequest.Query query) {
      return query(query, state);
    }
    if (request instanceof ClientRequest.Use use) {
      return use.namesKeyspace()
          ? new Route.UseKeyspace(state.serving(), state.other(), whenAsked(state))
          : new Route.AnswerLocally(LocalAnswer.USE_NEEDS_KEYSPACE);
    }
    if (request instanceof ClientRequest.Prepare prepare) {
      return new Route.PrepareOnBoth(
          state.serving(),
          state.other(),
          prepare.kind().writes() || prepare.kind() == StatementKind.SCHEMA,
          whenAsked(state));
    }
    if (request instanceof ClientRequest.Execute execute) {
      return execute(execute, state);
    }
    if (request instanceof ClientRequest.ExecuteUnknown) {
      return new Route.AnswerLocally(LocalAnswer.UNKNOWN_STATEMENT);
    }
    if (request instanceof ClientRequest.Batch batch) {
      return batch(batch, state);
    }
    return new Route.AnswerLocally(LocalAnswer.UNSUPPORTED_REQUEST);
  }

  private static Route query(ClientRequest.Query query, ProxyState state) {
    return switch (query.kind()) {
      case LOCAL_NODE -> new Route.Read(state.serving(), Rewrite.LOCAL_NODE, false);
      case PEERS -> new Route.Read(state.serving(), Rewrite.NO_PEERS, false);
      case READ -> {
        ClusterRole from = query.pagedOn().orElse(state.serving());
        yield new Route.Read(from, Rewrite.NONE, from == state.serving());
      }
      case WRITE, SCHEMA, CONDITIONAL_WRITE -> write(query.kind(), false, state);
      case USE -> throw new IllegalArgumentException("USE is a request of its own");
    };
  }

  private static Route execute(ClientRequest.Execute execute, ProxyState state) {
    StatementKind kind = execute.kind();
    Set<ClusterRole> preparedOn = execute.preparedOn();
    if (!kind.writes() && kind != StatementKind.SCHEMA) {
      ClusterRole from = execute.pagedOn().orElse(state.serving());
      if (!preparedOn.contains(from)) {
        return new Route.AnswerLocally(LocalAnswer.PREPARE_AGAIN);
      }
      return switch (kind) {
        case LOCAL_NODE -> new Route.Read(from, Rewrite.LOCAL_NODE, false);
        case PEERS -> new Route.Read(from, Rewrite.NO_PEERS, false);
        default -> new Route.Read(from, Rewrite.NONE, from == state.serving());
      };
    }
    if (!preparedOn.contains(state.serving())) {
      return new Route.AnswerLocally(LocalAnswer.PREPARE_AGAIN);
    }
    return write(kind, !preparedOn.contains(state.other()), state);
  }

  private static Route batch(ClientRequest.Batch batch, ProxyState state) {
    List<BatchEntry> entries = batch.entries();
    boolean textToOther = false;
    for (int i = 0; i < entries.size(); i++) {
      BatchEntry entry = entries.get(i);
      if (entry instanceof BatchEntry.Unknown) {
        return new Route.UnpreparedInBatch(i);
      }
      if (entry instanceof BatchEntry.Prepared prepared) {
        boolean onOther = prepared.on().contains(state.other());
        if (!prepared.on().contains(state.serving())
            || !onOther && state.mode() == ProxyState.Mode.STRICT) {
          return new Route.UnpreparedInBatch(i);
        }
        textToOther |= !onOther;
      }
    }
    return write(
        batch.conditional() ? StatementKind.CONDITIONAL_WRITE : StatementKind.WRITE,
        textToOther,
        state);
  }

  private static Route write(StatementKind kind, boolean textToOther, ProxyState state) {
    if (kind == StatementKind.CONDITIONAL_WRITE) {
      IfOtherFails ifOtherFails =
          state.mode() == ProxyState.Mode.STRICT
              ? IfOtherFails.WARN_ONLY
              : IfOtherFails.KEEP_IF_NOT_NOW;
      return new Route.ServingThenOther(state.serving(), state.other(), textToOther, ifOtherFails);
    }
    IfOtherFails ifOtherFails =
        state.otherBehind() ? IfOtherFails.JOIN_REPLAY_LOG : whenAsked(state);
    return new Route.WriteBoth(
        state.serving(), state.other(), kind == StatementKind.SCHEMA, textToOther, ifOtherFails);
  }

  /** What the other cluster's failure does to a request it is sent. */
  private static IfOtherFails whenAsked(ProxyState state) {
    return state.mode() == ProxyState.Mode.STRICT
        ? IfOtherFails.FAIL_CLIENT
        : IfOtherFails.KEEP_IF_NOT_NOW;
  }
}
