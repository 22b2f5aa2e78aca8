package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

class PortPlanTest {

  private static final IntPredicate ALL_FREE = p -> true;
  private static final NodePorts RECORDED = new NodePorts(19042, 17000, 17199);

  @Test
  void should_use_cassandra_defaults_for_a_new_node() {
    assertThat(PortPlan.choose(Map.of(), Optional.empty(), false, ALL_FREE, counter(40000)))
        .isEqualTo(new NodePorts(9042, 7000, 7199));
  }

  @Test
  void should_reuse_the_recorded_ports() {
    assertThat(PortPlan.choose(Map.of(), Optional.of(RECORDED), false, ALL_FREE, counter(40000)))
        .isEqualTo(RECORDED);
  }

  @Test
  void should_prefer_ports_asked_for_over_recorded_ones() {
    NodePorts ports =
        PortPlan.choose(
            Map.of(NodePort.NATIVE, 9142), Optional.of(RECORDED), false, ALL_FREE, counter(40000));

    assertThat(ports).isEqualTo(new NodePorts(9142, 17000, 17199));
  }

  @Test
  void should_pick_free_ports_when_asked_and_keep_recorded_ones_that_are_free() {
    IntPredicate free = p -> p != 17000;

    NodePorts ports = PortPlan.choose(Map.of(), Optional.of(RECORDED), true, free, counter(40000));

    assertThat(ports).isEqualTo(new NodePorts(19042, 40000, 17199));
  }

  @Test
  void should_pick_distinct_free_ports() {
    IntSupplier repeating =
        new IntSupplier() {
          private final int[] values = {40000, 40000, 40001, 40000, 40002};
          private int next;

          @Override
          public int getAsInt() {
            return values[next++];
          }
        };

    NodePorts ports = PortPlan.choose(Map.of(), Optional.empty(), true, ALL_FREE, repeating);

    assertThat(Set.of(ports.nativePort(), ports.storagePort(), ports.jmxPort()))
        .containsExactlyInAnyOrder(40000, 40001, 40002);
  }

  @Test
  void should_name_the_first_busy_port_and_the_option_that_changes_it() {
    Optional<NodePort> busy = PortPlan.firstBusy(new NodePorts(9042, 7000, 7199), p -> p != 9042);

    assertThat(busy).hasValue(NodePort.NATIVE);
    assertThat(PortPlan.busyMessage(NodePort.NATIVE, 9042))
        .isEqualTo(
            "Port 9042 (CQL) on 127.0.0.1 is already in use by another program; stop it or"
                + " choose another port with --native-port.");
  }

  @Test
  void should_refuse_equal_ports() {
    assertThatThrownBy(() -> new NodePorts(9042, 9042, 7199))
        .isInstanceOf(LocalNodeException.class)
        .hasMessageContaining("must differ");
  }

  private static IntSupplier counter(int first) {
    int[] next = {first};
    return () -> next[0]++;
  }
}
