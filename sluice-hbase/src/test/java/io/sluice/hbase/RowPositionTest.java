package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RowPositionTest {

  @Test
  void should_read_back_the_position_it_writes() {
    RowPosition position = new RowPosition(12, new byte[] {0, 'a', (byte) 0xfe});
    RowPosition read = RowPosition.parse(position.text());
    assertThat(position.text()).isEqualTo("12:0061fe");
    assertThat(read.rowsDone()).isEqualTo(12);
    assertThat(read.rowKey()).containsExactly(0, 'a', (byte) 0xfe);
    assertThatThrownBy(() -> RowPosition.parse("1234"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_read_the_start_of_a_region() {
    RowPosition start = RowPosition.parse("0:");
    assertThat(start.rowsDone()).isZero();
    assertThat(start.rowKey()).isEmpty();
  }
}
