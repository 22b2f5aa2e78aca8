package io.sluice.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordTest {

  /** When the cells of this test were read from their source. */
  private static final long READ_AT = System.currentTimeMillis();

  private static final Source ANY_SOURCE =
      new Source() {
        @Override
        public String name() {
          return "people";
        }

        @Override
        public List<Split> plan() {
          return List.of();
        }

        @Override
        public SplitReader open(Split split) {
          throw new UnsupportedOperationException();
        }
      };

  @Test
  void aRecordsPlaceKeepsWhereItsSplitResumesAndNothingOfItsValues() {
    SourcePosition position = new SourcePosition("people.csv", 120, "line 3");
    Record read = new Record(position, Map.of("id", 7, "name", "Ann"), 40, 160);
    Record paged =
        new Record(
            position,
            Map.of("id", 7),
            40,
            3,
            Map.of("id", CellTime.read(5L, 0, READ_AT)),
            "page-2");

    assertThat(read.placeOnly().fields()).isEmpty();
    assertThat(read.placeOnly().position()).isEqualTo(position);
    assertThat(ANY_SOURCE.positionAfter(read.placeOnly()))
        .isEqualTo(ANY_SOURCE.positionAfter(read))
        .isEqualTo("160");
    assertThat(paged.placeOnly().cellTimes()).isEmpty();
    assertThat(ANY_SOURCE.positionAfter(paged.placeOnly())).isEqualTo("page-2");
  }
}
