package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.job.CompactionSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hold between steps of work: high and low marks as the load's pause has them. */
class CompactionHoldTest {

  private static final CompactionSpec MARKS =
      new CompactionSpec(8, 2, null, null, null, "1ms", null);

  @Test
  void should_go_on_at_once_while_the_backlog_is_at_or_below_the_high_mark() throws Exception {
    CompactionHold hold = new CompactionHold(MARKS, SettableProbe.scripted(3L, 8L, -1L));
    List<String> said = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      hold.awaitRoom(said::add);
    }
    assertThat(said).isEmpty();
    assertThat(hold.pauses()).isZero();
  }

  @Test
  void should_wait_above_the_high_mark_until_the_low_mark() throws Exception {
    // Above the high mark, then a failed read and readings between the marks: still waiting.
    CompactionHold hold =
        new CompactionHold(MARKS, SettableProbe.scripted(20L, -1L, 5L, 3L, 2L, 9L, 1L));
    List<String> said = new ArrayList<>();
    hold.awaitRoom(said::add);

    assertThat(said).hasSize(2);
    assertThat(said.get(0))
        .isEqualTo(
            "Pausing: 20 compaction task(s) outstanding on node1, above the high mark; going on"
                + " once compaction is back to the low mark.");
    assertThat(said.get(1)).startsWith("Going on after ").endsWith("back to 2 task(s) on node1.");
    assertThat(hold.pauses()).isEqualTo(1);

    hold.awaitRoom(said::add);
    assertThat(hold.pauses()).as("9 is above the high mark again").isEqualTo(2);
    assertThat(said).hasSize(4);
  }

  @Test
  void should_never_wait_when_the_compaction_watch_is_off() throws Exception {
    CompactionSpec off = new CompactionSpec(8, 2, null, null, null, "1ms", false);
    CompactionHold hold = new CompactionHold(off, SettableProbe.scripted(100L));
    List<String> said = new ArrayList<>();
    hold.awaitRoom(said::add);
    assertThat(said).isEmpty();
  }
}
