package io.sluice.core.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CellTimeTest {

  private static final long READ_AT = 1_700_000_000_250L;

  @Test
  void should_keep_the_expiry_instant_and_count_the_ttl_from_the_write() {
    CellTime time = CellTime.read(5, 60, READ_AT);

    assertThat(time.expiresAtSecond()).isEqualTo(1_700_000_060L);
    assertThat(time.ttlSecondsAt(READ_AT)).isEqualTo(60);
    assertThat(time.ttlSecondsAt(READ_AT + 3_900))
        .as("written in the fourth second after the read: it expires at the same second")
        .isEqualTo(56);
    assertThat(time.expiredAt(READ_AT + 59_000)).isFalse();
    assertThat(time.ttlSecondsAt(READ_AT + 59_000)).isEqualTo(1);
    assertThat(time.expiredAt(READ_AT + 59_750)).as("at the second it expires").isTrue();
  }

  @Test
  void should_never_expire_a_cell_without_ttl() {
    CellTime time = CellTime.read(5, 0, READ_AT);

    assertThat(time.expires()).isFalse();
    assertThat(time.expiredAt(Long.MAX_VALUE / 2)).isFalse();
    assertThat(time.ttlSecondsAt(READ_AT + 1_000_000)).isZero();
  }

  @Test
  void should_refuse_a_negative_ttl() {
    assertThatThrownBy(() -> CellTime.read(5, -1, READ_AT))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
