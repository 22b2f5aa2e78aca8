package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.flow.Backlog;
import java.util.List;
import org.junit.jupiter.api.Test;

class BusiestNodeTest {

  @Test
  void should_pick_the_node_with_the_most_tasks() {
    Backlog busiest = new Backlog("10.0.0.2:9042", 40, 10);

    assertThat(
            BusiestNode.of(
                List.of(
                    NodeReading.read(new Backlog("10.0.0.1:9042", 3, 1_000_000)),
                    NodeReading.read(busiest),
                    NodeReading.read(new Backlog("10.0.0.3:9042", 0, 0)))))
        .contains(busiest);
  }

  @Test
  void should_break_ties_by_bytes_left_then_by_node_name() {
    Backlog moreBytes = new Backlog("10.0.0.9:9042", 5, 900);

    assertThat(
            BusiestNode.of(
                List.of(
                    NodeReading.read(new Backlog("10.0.0.1:9042", 5, 100)),
                    NodeReading.read(moreBytes))))
        .contains(moreBytes);
    assertThat(
            BusiestNode.of(
                List.of(
                    NodeReading.read(new Backlog("10.0.0.2:9042", 5, -1)),
                    NodeReading.read(new Backlog("10.0.0.1:9042", 5, -1)))))
        .hasValueSatisfying(b -> assertThat(b.node()).isEqualTo("10.0.0.1:9042"));
  }

  @Test
  void should_leave_out_nodes_that_could_not_be_read() {
    Backlog read = new Backlog("10.0.0.1:9042", 1, 0);

    assertThat(
            BusiestNode.of(
                List.of(
                    NodeReading.failed("10.0.0.2:9042", "JMX at 10.0.0.2:7199 did not answer"),
                    NodeReading.read(read))))
        .contains(read);
  }

  @Test
  void should_have_no_reading_when_no_node_could_be_read() {
    assertThat(BusiestNode.of(List.of(NodeReading.failed("10.0.0.1:9042", "down")))).isEmpty();
    assertThat(BusiestNode.of(List.of())).isEmpty();
  }
}
