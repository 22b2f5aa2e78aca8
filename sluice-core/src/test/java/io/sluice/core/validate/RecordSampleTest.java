package io.sluice.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.SourcePosition;
import org.junit.jupiter.api.Test;

class RecordSampleTest {

  private static long kept(double percent) {
    long kept = 0;
    for (int i = 0; i < 100_000; i++) {
      if (RecordSample.keeps(new SourcePosition("people.bson", i * 87L, null), percent)) {
        kept++;
      }
    }
    return kept;
  }

  @Test
  void should_keep_about_the_share_asked_for() {
    assertThat(kept(10)).isBetween(9_500L, 10_500L);
    assertThat(kept(0.5)).isBetween(400L, 600L);
    assertThat(kept(100)).isEqualTo(100_000);
  }

  @Test
  void should_pick_the_same_records_every_time() {
    SourcePosition position = new SourcePosition("people.bson", 4_096, "p1");
    boolean first = RecordSample.keeps(position, 50);

    for (int i = 0; i < 10; i++) {
      assertThat(RecordSample.keeps(new SourcePosition("people.bson", 4_096, null), 50))
          .isEqualTo(first);
    }
  }
}
