package io.sluice.node;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;

/**
 * Decides which ports a node starts on. Pure: the port probes are passed in.
 *
 * <p>The rule, per port: a port asked for explicitly wins; otherwise the port recorded at the
 * node's last start, so that a node keeps its address; otherwise Cassandra's default. With "pick
 * free ports" (tests), a recorded port is kept only while it is free and any other port is a free
 * one chosen by the system.
 */
final class PortPlan {

  private PortPlan() {}

  static NodePorts choose(
      Map<NodePort, Integer> requested,
      Optional<NodePorts> recorded,
      boolean pickFree,
      IntPredicate isFree,
      IntSupplier freePort) {
    Map<NodePort, Integer> chosen = new EnumMap<>(NodePort.class);
    Set<Integer> taken = new HashSet<>(requested.values());
    for (NodePort port : NodePort.values()) {
      Integer explicit = requested.get(port);
      Integer previous = recorded.map(r -> r.get(port)).orElse(null);
      int value;
      if (explicit != null) {
        value = explicit;
      } else if (!pickFree) {
        value = previous != null ? previous : port.defaultPort();
      } else if (previous != null && !taken.contains(previous) && isFree.test(previous)) {
        value = previous;
      } else {
        value = freePort.getAsInt();
        while (taken.contains(value)) {
          value = freePort.getAsInt();
        }
      }
      taken.add(value);
      chosen.put(port, value);
    }
    return new NodePorts(
        chosen.get(NodePort.NATIVE), chosen.get(NodePort.STORAGE), chosen.get(NodePort.JMX));
  }

  /** The first port of {@code ports} that is not free, if any. */
  static Optional<NodePort> firstBusy(NodePorts ports, IntPredicate isFree) {
    for (NodePort port : NodePort.values()) {
      if (!isFree.test(ports.get(port))) {
        return Optional.of(port);
      }
    }
    return Optional.empty();
  }

  static String busyMessage(NodePort port, int number) {
    return "Port "
        + number
        + " ("
        + port.label()
        + ") on 127.0.0.1 is already in use by another program; stop it or choose another port"
        + " with "
        + port.cliOption()
        + ".";
  }
}
