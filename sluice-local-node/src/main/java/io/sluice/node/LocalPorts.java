package io.sluice.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;

/** Probes TCP ports on 127.0.0.1, the only address a local node listens on. */
final class LocalPorts {

  /** 127.0.0.1 without a host name, so that it prints as the address Cassandra listens on. */
  static final InetAddress LOOPBACK = loopback();

  private LocalPorts() {}

  private static InetAddress loopback() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException e) {
      throw new IllegalStateException("127.0.0.1 is always a valid address", e);
    }
  }

  /** Whether a server socket can be bound to {@code port} right now. */
  static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(LOOPBACK, port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** A port the system considers free right now. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(LOOPBACK, 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on 127.0.0.1", e);
    }
  }

  /** Whether something accepts TCP connections on {@code port}. */
  static boolean isListening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(LOOPBACK, port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
