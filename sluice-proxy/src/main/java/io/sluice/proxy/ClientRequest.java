package io.sluice.proxy;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A client's request as {@link Routing} sees it: what it does, and what the proxy knows of the
 * clusters it may go to (where its paging state came from, which clusters prepared its statement).
 * The {@link Dispatcher} makes one of each request it takes; the handshake ({@code OPTIONS}, {@code
 * STARTUP}, {@code AUTH_RESPONSE}, {@code REGISTER}) is the {@link ClientConnection}'s and never
 * gets here.
 */
sealed interface ClientRequest {

  /**
   * A {@code QUERY}: a statement as text, other than {@code USE}.
   *
   * @param pagedOn the cluster whose paging state the client sent back, for a later page
   */
  record Query(StatementKind kind, Optional<ClusterRole> pagedOn) implements ClientRequest {
    public Query {
      if (kind == StatementKind.USE) {
        throw new IllegalArgumentException("USE is a request of its own");
      }
    }
  }

  /**
   * {@code USE keyspace} as a {@code QUERY}.
   *
   * @param namesKeyspace whether it names one keyspace, as it must
   */
  record Use(boolean namesKeyspace) implements ClientRequest {}

  /** A {@code PREPARE} of a statement of this kind. */
  record Prepare(StatementKind kind) implements ClientRequest {}

  /**
   * An {@code EXECUTE} of a statement the proxy knows.
   *
   * @param preparedOn the clusters that prepared it (never none)
   * @param pagedOn the cluster whose paging state the client sent back, for a later page
   */
  record Execute(StatementKind kind, Set<ClusterRole> preparedOn, Optional<ClusterRole> pagedOn)
      implements ClientRequest {
    public Execute {
      preparedOn = Set.copyOf(preparedOn);
    }
  }

  /** An {@code EXECUTE} of an id the proxy does not know (forgotten, or never prepared here). */
  record ExecuteUnknown() implements ClientRequest {}

  /**
   * A {@code BATCH}.
   *
   * @param conditional whether a statement of it has a condition (a lightweight transaction)
   * @param entries its statements, in order
   */
  record Batch(boolean conditional, List<BatchEntry> entries) implements ClientRequest {
    public Batch {
      entries = List.copyOf(entries);
    }
  }

  /** Any other request, which the proxy does not take. */
  record Unsupported() implements ClientRequest {}

  /** A statement of a batch. */
  sealed interface BatchEntry {

    /** A statement as text: every cluster takes it. */
    record Text() implements BatchEntry {}

    /** A prepared statement the proxy knows, and the clusters that prepared it. */
    record Prepared(Set<ClusterRole> on) implements BatchEntry {
      public Prepared {
        on = Set.copyOf(on);
      }
    }

    /** A prepared statement's id the proxy does not know. */
    record Unknown() implements BatchEntry {}
  }
}
