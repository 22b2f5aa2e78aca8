package io.sluice.proxy;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The statements clients prepared, by the id they know, at most a configured number: the least
 * recently used is forgotten first, and a client that executes it is told to prepare it again, as a
 * node that restarted would.
 */
final class PreparedStatements {

  private final Map<ByteBuffer, PreparedStatement> byId;

  PreparedStatements(int capacity) {
    this.byId =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<ByteBuffer, PreparedStatement> eldest) {
            return size() > capacity;
          }
        };
  }

  synchronized void put(PreparedStatement statement) {
    byId.put(statement.clientId(), statement);
  }

  /** The statement the client knows by this id, or null when the proxy does not know it. */
  synchronized PreparedStatement get(byte[] clientId) {
    return byId.get(ByteBuffer.wrap(clientId));
  }

  synchronized int size() {
    return byId.size();
  }
}
