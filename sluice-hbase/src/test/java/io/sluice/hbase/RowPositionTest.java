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
    assertThat(read.itemsDone()).isEqualTo(12);
    assertThat(read.rowKey()).containsExactly(0, 'a', (byte) 0xfe);
    assertThatThrownBy(() -> RowPosition.parse("1234"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_read_back_a_row_partly_done() {
    RowPosition position = new RowPosition(9, new byte[] {'r'}, 3);
    RowPosition read = RowPosition.parse(position.text());
    assertThat(position.text()).isEqualTo("9:72:3");
    assertThat(read.partial()).isTrue();
    assertThat(read.cellsDone()).isEqualTo(3);
    assertThat(read.itemsDone()).isEqualTo(9);
    assertThat(RowPosition.parse("9:72").partial()).isFalse();
    assertThatThrownBy(() -> RowPosition.parse("9:72:3:1"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_read_the_start_of_a_region() {
    RowPosition start = RowPosition.parse("0:");
    assertThat(start.itemsDone()).isZero();
    assertThat(start.rowKey()).isEmpty();
  }
}
