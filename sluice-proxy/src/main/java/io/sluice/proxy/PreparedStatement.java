package io.sluice.proxy;

import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * A statement a client prepared through the proxy: its text, and its id on each cluster. The client
 * knows it by the primary's id.
 *
 * @param query the statement's text
 * @param keyspace the client's keyspace when it prepared it, or null
 * @param kind what the statement does
 * @param primary the primary's answer to the prepare
 * @param secondary the secondary's answer, or null where the statement is a read and the secondary
 *     could not prepare it
 */
record PreparedStatement(
    String query, String keyspace, StatementKind kind, Prepared primary, Prepared secondary) {

  /** The id the client executes it by. */
  ByteBuffer clientId() {
    return ByteBuffer.wrap(primary.preparedQueryId);
  }

  /** The statement's answer to a prepare on the cluster named. */
  Prepared on(String role) {
    return role.equals("primary") ? primary : secondary;
  }

  /** The statement to prepare again on a node of the cluster that forgot it, by its id there. */
  Map<ByteBuffer, Prepare> toPrepareAgain(String role) {
    Prepared prepared = on(role);
    return prepared == null
        ? Map.of()
        : Map.of(ByteBuffer.wrap(prepared.preparedQueryId), new Prepare(query));
  }
}
