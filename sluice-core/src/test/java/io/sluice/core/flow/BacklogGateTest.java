package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class BacklogGateTest {

  private static Optional<Backlog> tasks(long n) {
    return Optional.of(new Backlog("127.0.0.1:9042", n, -1));
  }

  @Test
  void should_close_above_the_high_mark_and_open_at_the_low_mark() {
    BacklogGate gate = new BacklogGate(10, 4);

    assertThat(gate.update(tasks(10), 0)).isFalse();
    assertThat(gate.update(tasks(11), 1_000)).isTrue();
    assertThat(gate.closed()).isTrue();
    assertThat(gate.update(tasks(7), 2_000)).isFalse();
    assertThat(gate.closed()).isTrue();
    assertThat(gate.update(tasks(4), 5_000)).isTrue();

    assertThat(gate.closed()).isFalse();
    assertThat(gate.pauses()).isEqualTo(1);
    assertThat(gate.closedNanos(9_000)).isEqualTo(4_000);
  }

  @Test
  void should_change_nothing_on_a_missed_reading() {
    BacklogGate gate = new BacklogGate(2, 1);
    gate.update(tasks(3), 0);

    assertThat(gate.update(Optional.empty(), 10)).isFalse();

    assertThat(gate.closed()).isTrue();
    assertThat(gate.last()).contains(new Backlog("127.0.0.1:9042", 3, -1));
  }
}
