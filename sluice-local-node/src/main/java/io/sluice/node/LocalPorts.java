package io.sluice.node;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * Probes TCP ports on 127.0.0.1, the only address a local node listens on, and chooses free ones
 * for it and for the other servers a test starts there.
 */
public final class LocalPorts {

  /** 127.0.0.1 without a host name, so that it prints as the address Cassandra listens on. */
  static final InetAddress LOOPBACK = loopback();

  /** The lowest port chosen: above the well-known and most registered services' ports. */
  static final int FIRST_CHOSEN = 10_000;

  private static final SecureRandom RANDOM = new SecureRandom();

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

  /**
   * A port free right now, below the range the system hands out to outgoing connections: a port
   * from that range (what binding port 0 gives) can be taken by any client's connection in the
   * seconds before Cassandra binds it, which a busy machine showed ("is in use by another
   * process"). The system's choice is the fallback when no port below the range is free.
   */
  public static int freePort() {
    int below = ephemeralRangeStart(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
    if (below > FIRST_CHOSEN + 100) {
      for (int tries = 0; tries < 100; tries++) {
        int port = FIRST_CHOSEN + RANDOM.nextInt(below - FIRST_CHOSEN);
        if (isFree(port)) {
          return port;
        }
      }
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(LOOPBACK, 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on 127.0.0.1", e);
    }
  }

  /**
   * The first port the system gives outgoing connections (Linux's {@code ip_local_port_range}), or
   * 0 when it cannot be read.
   */
  static int ephemeralRangeStart(Path rangeFile) {
    // Read as a stream: a file of /proc says its size is 0, and a whole-file read trusts that.
    try (BufferedReader reader = Files.newBufferedReader(rangeFile)) {
      String line = reader.readLine();
      return line == null ? 0 : Integer.parseInt(line.trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return 0;
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
