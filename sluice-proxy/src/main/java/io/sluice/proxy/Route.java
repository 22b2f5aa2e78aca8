package io.sluice.proxy;

/**
 * Where a client's request goes and how its answer is made: the value {@link Routing} decides from
 * the request and the proxy's state, and the {@link Dispatcher} carries out. Clusters are named by
 * their configured role; {@code serving} is the one that serves reads when the request arrived, and
 * its answer is the client's.
 */
sealed interface Route {

  /**
   * Read from one cluster.
   *
   * @param from the cluster that answers: the serving one, or for a later page the one that gave
   *     the first (a read that began before a switch ends where it began)
   * @param rewrite how its rows are changed for the client
   * @param shadowed whether the read may also be compared on the other cluster once the client has
   *     its answer (a shadow read, drawn by its table's share)
   */
  record Read(ClusterRole from, Rewrite rewrite, boolean shadowed) implements Route {}

  /** How a read's rows are changed for the client. */
  enum Rewrite {
    /** Not at all; a paging state is marked with the cluster that gave it. */
    NONE,
    /** {@code system.local}: the proxy's own address in place of the node's. */
    LOCAL_NODE,
    /** {@code system.peers}: none, the proxy being a cluster of one node. */
    NO_PEERS
  }

  /** A write to both clusters, in one of two ways. */
  sealed interface Write extends Route permits WriteBoth, ServingThenOther {

    /** The cluster whose answer is the client's. */
    ClusterRole serving();

    /** The cluster that gets the write too. */
    ClusterRole other();

    /** Whether the other cluster gets statements as text, lacking them prepared. */
    boolean textToOther();

    /** What a failure of the other cluster does. */
    IfOtherFails ifOtherFails();
  }

  /**
   * Write to both clusters at once with one write timestamp; the serving cluster's error wins, then
   * the other's ({@link DualWriter#clientAnswer}).
   *
   * @param schema whether it changes the schema: each cluster answers once its nodes agree on it
   * @param textToOther whether the other cluster gets the statement's text, as it lacks the
   *     prepared statement (for a batch: the entries it lacks)
   * @param ifOtherFails what a failure of the other cluster does
   */
  record WriteBoth(
      ClusterRole serving,
      ClusterRole other,
      boolean schema,
      boolean textToOther,
      IfOtherFails ifOtherFails)
      implements Write {
    public WriteBoth {
      requireOneOf(
          ifOtherFails,
          IfOtherFails.FAIL_CLIENT,
          IfOtherFails.KEEP_IF_NOT_NOW,
          IfOtherFails.JOIN_REPLAY_LOG);
    }
  }

  /**
   * A conditional write (a lightweight transaction): the serving cluster decides, and the other
   * gets the write only once the serving one applied it. The client gets the serving cluster's
   * answer whatever the other's ({@link IfOtherFails#WARN_ONLY}, or kept for replay).
   *
   * @param textToOther whether the other cluster gets the statement's text, as it lacks the
   *     prepared statement
   */
  record ServingThenOther(
      ClusterRole serving, ClusterRole other, boolean textToOther, IfOtherFails ifOtherFails)
      implements Write {
    public ServingThenOther {
      requireOneOf(ifOtherFails, IfOtherFails.WARN_ONLY, IfOtherFails.KEEP_IF_NOT_NOW);
    }
  }

  /**
   * Prepare on both clusters; the client gets the serving cluster's id.
   *
   * @param otherMustPrepare whether a statement the other cluster cannot prepare fails the client
   *     (a write or schema change, which must reach both); a read is kept prepared on one cluster
   */
  record PrepareOnBoth(
      ClusterRole serving, ClusterRole other, boolean otherMustPrepare, IfOtherFails ifOtherFails)
      implements Route {

    public PrepareOnBoth {
      requireOneOf(ifOtherFails, IfOtherFails.FAIL_CLIENT, IfOtherFails.KEEP_IF_NOT_NOW);
    }

    /**
     * Whether the client gets the other cluster's refusal rather than the statement: it must
     * prepare it and did not, and that is not forgiven as the other being down for now ({@link
     * IfOtherFails#KEEP_IF_NOT_NOW}: no answer, or one that says "not now", or a replay log that
     * holds writes, among which may be the creation of the table the statement needs).
     *
     * @param otherPrepared whether the other cluster prepared it
     * @param otherNotNow whether the other's answer says it cannot take requests now
     * @param otherBehind whether the replay log holds writes for the other cluster now
     */
    boolean otherRefusalFailsClient(
        boolean otherPrepared, boolean otherNotNow, boolean otherBehind) {
      if (otherPrepared || !otherMustPrepare) {
        return false;
      }
      return ifOtherFails == IfOtherFails.FAIL_CLIENT || !(otherNotNow || otherBehind);
    }
  }

  /**
   * {@code USE}: the client's keyspace, once it exists on both clusters (on the serving one alone
   * when the other cannot answer now and {@link IfOtherFails#KEEP_IF_NOT_NOW}).
   */
  record UseKeyspace(ClusterRole serving, ClusterRole other, IfOtherFails ifOtherFails)
      implements Route {
    public UseKeyspace {
      requireOneOf(ifOtherFails, IfOtherFails.FAIL_CLIENT, IfOtherFails.KEEP_IF_NOT_NOW);
    }
  }

  /** The proxy answers itself, no cluster asked. */
  record AnswerLocally(LocalAnswer answer) implements Route {}

  /** What the proxy answers itself. */
  enum LocalAnswer {
    /** {@code UNPREPARED}: the proxy does not know the statement (forgotten, or never seen). */
    UNKNOWN_STATEMENT,
    /**
     * {@code UNPREPARED}: the cluster it must run on did not prepare it then (a read prepared
     * before a switch, a write prepared while that cluster was down); the client's driver prepares
     * again.
     */
    PREPARE_AGAIN,
    /** A syntax error: {@code USE} names no keyspace. */
    USE_NEEDS_KEYSPACE,
    /** A protocol error: a request the proxy does not take. */
    UNSUPPORTED_REQUEST
  }

  /**
   * {@code UNPREPARED} for a statement of a batch that a cluster it must run on lacks.
   *
   * @param entry the statement's place in the batch
   */
  record UnpreparedInBatch(int entry) implements Route {}

  /** What a failure of the cluster that does not serve reads does to the client's request. */
  enum IfOtherFails {
    /** {@code secondary-failure: strict}: its error is the client's. */
    FAIL_CLIENT,
    /**
     * {@code secondary-failure: strict}, for a conditional write: its failure is logged, and the
     * client gets the serving cluster's answer.
     */
    WARN_ONLY,
    /**
     * {@code secondary-failure: log}: the other is asked, for no longer than the replay log's
     * timeout; when it cannot take the request now, a write is kept in the replay log (and joins it
     * unsent, if the log holds writes by then), a {@code USE} or {@code PREPARE} goes on with the
     * serving cluster alone, and the client gets the serving cluster's answer. A refusal (a syntax
     * or schema error) is the client's, but for a conditional write's, which is logged.
     */
    KEEP_IF_NOT_NOW,
    /**
     * {@code secondary-failure: log} while the replay log holds writes for the other cluster: a
     * write joins the log behind them without being sent, so it never overtakes them.
     */
    JOIN_REPLAY_LOG
  }

  private static void requireOneOf(IfOtherFails given, IfOtherFails... allowed) {
    if (!java.util.List.of(allowed).contains(given)) {
      throw new IllegalArgumentException("No route of this kind does " + given);
    }
  }
}
