package io.sluice.proxy;

import java.nio.file.Path;

/**
 * A proxy in a process of its own, for a test that kills it: starts from {@code proxy.yaml}, prints
 * {@code LISTENING <port> <admin port>}, and serves until it is killed.
 */
public final class ProxyProcess {

  private ProxyProcess() {}

  public static void main(String[] args) throws InterruptedException {
    Path file = Path.of(args[0]).toAbsolutePath();
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfig.load(file), file.getParent())) {
      System.out.println(
          "LISTENING " + proxy.address().getPort() + " " + proxy.adminAddress().getPort());
      System.out.flush();
      proxy.awaitClose();
    }
  }
}
