package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnreadableNodesTest {

  private final UnreadableNodes nodes = new UnreadableNodes("over JMX");

  @Test
  void should_tell_only_the_first_failure_of_a_streak() {
    assertThat(nodes.failed("10.0.0.1:9042")).isTrue();
    assertThat(nodes.failed("10.0.0.1:9042")).isFalse();
    assertThat(nodes.failed("10.0.0.2:9042")).isTrue();
  }

  @Test
  void should_tell_when_a_failing_node_answers_again_and_start_a_new_streak() {
    nodes.failed("10.0.0.1:9042");

    assertThat(nodes.answered("10.0.0.1:9042")).isTrue();
    assertThat(nodes.answered("10.0.0.1:9042")).isFalse();
    assertThat(nodes.failed("10.0.0.1:9042")).isTrue();
  }

  @Test
  void should_say_nothing_of_nodes_that_always_answered() {
    assertThat(nodes.answered("10.0.0.3:9042")).isFalse();
  }
}
