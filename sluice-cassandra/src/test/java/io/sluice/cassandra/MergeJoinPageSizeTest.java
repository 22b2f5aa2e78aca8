package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How many rows the merge join's scan of the target asks for, from the page before. */
class MergeJoinPageSizeTest {

  @Test
  void should_keep_full_pages_of_small_rows() {
    // 5,000 rows of about 200 bytes: 1 MB, well within a page's bytes.
    assertThat(MergeJoinChecker.pageRowsAfter(5000, 1_000_000)).isEqualTo(5000);
  }

  @Test
  void should_ask_for_fewer_rows_when_rows_are_large() {
    // 5,000 rows of 16 KiB each: 80 MiB, ten times a page's bytes.
    assertThat(MergeJoinChecker.pageRowsAfter(5000, 5000 * 16 * 1024)).isEqualTo(512);
  }

  @Test
  void should_never_ask_for_fewer_than_a_hundred_rows() {
    // Rows of 1 MiB each.
    assertThat(MergeJoinChecker.pageRowsAfter(100, 100 << 20)).isEqualTo(100);
  }

  @Test
  void should_ask_for_full_pages_when_the_page_tells_nothing() {
    assertThat(MergeJoinChecker.pageRowsAfter(0, 0)).isEqualTo(5000);
    assertThat(MergeJoinChecker.pageRowsAfter(10, 0)).isEqualTo(5000);
  }
}
