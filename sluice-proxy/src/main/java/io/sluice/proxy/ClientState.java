package io.sluice.proxy;

/** What the proxy remembers of one client connection: its keyspace, set by {@code USE}. */
final class ClientState {

  private volatile String keyspace;

  String keyspace() {
    return keyspace;
  }

  void keyspace(String keyspace) {
    this.keyspace = keyspace;
  }
}
