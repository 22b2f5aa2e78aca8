package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.RawType;
import io.sluice.proxy.ShadowVerdict.Difference;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The verdict on a shadow read's two results, for each way they can agree or differ. */
class ShadowComparisonTest {

  private static final Optional<List<String>> KEY = Optional.of(List.of("id"));
  private static final List<ColumnSpec> ID_AND_VALUE = columns("id", "v");
  private static final List<ColumnSpec> VALUE_ONLY = columns("v");

  @Test
  void should_find_the_same_rows_in_any_order() {
    assertThat(
            ShadowComparison.compare(
                ID_AND_VALUE,
                KEY,
                List.of(row(1, 10), row(2, 20)),
                List.of(row(2, 20), row(1, 10))))
        .isEqualTo(new ShadowVerdict.Same(2));
  }

  @Test
  void should_name_each_row_that_differs_is_missing_or_is_extra() {
    ShadowVerdict verdict =
        ShadowComparison.compare(
            ID_AND_VALUE,
            KEY,
            List.of(row(1, 10), row(2, 20), row(3, 30)),
            List.of(row(1, 10), row(2, 21), row(4, 40)));
    assertThat(verdict)
        .isEqualTo(
            new ShadowVerdict.Differs(
                1,
                List.of(0),
                List.of(
                    new Difference(Difference.Kind.DIFFERENT, row(2, 20), row(2, 21)),
                    new Difference(Difference.Kind.MISSING_ON_SECONDARY, row(3, 30), null),
                    new Difference(Difference.Kind.EXTRA_ON_SECONDARY, null, row(4, 40)))));
    assertThat(((ShadowVerdict.Differs) verdict).description())
        .isEqualTo("1 different, 1 missing_on_secondary, 1 extra_on_secondary");
  }

  @Test
  void should_compare_a_point_read_that_does_not_select_its_key() {
    assertThat(ShadowComparison.compare(VALUE_ONLY, KEY, List.of(row(10)), List.of(row(10))))
        .isEqualTo(new ShadowVerdict.Same(1));
    assertThat(ShadowComparison.compare(VALUE_ONLY, KEY, List.of(), List.of()))
        .isEqualTo(new ShadowVerdict.Same(0));
    assertThat(ShadowComparison.compare(VALUE_ONLY, KEY, List.of(row(10)), List.of(row(11))))
        .isEqualTo(
            new ShadowVerdict.Differs(
                0,
                List.of(),
                List.of(new Difference(Difference.Kind.DIFFERENT, row(10), row(11)))));
    assertThat(ShadowComparison.compare(VALUE_ONLY, KEY, List.of(), List.of(row(11))))
        .isEqualTo(
            new ShadowVerdict.Differs(
                0,
                List.of(),
                List.of(new Difference(Difference.Kind.EXTRA_ON_SECONDARY, null, row(11)))));
  }

  @Test
  void should_not_compare_rows_it_cannot_match_by_key() {
    assertThat(
            ShadowComparison.compare(
                VALUE_ONLY, KEY, List.of(row(10), row(20)), List.of(row(10), row(20))))
        .isEqualTo(new ShadowVerdict.NotCompared("skipped_no_key"));
  }

  @Test
  void should_not_compare_a_table_whose_key_is_not_known() {
    assertThat(
            ShadowComparison.compare(
                ID_AND_VALUE, Optional.empty(), List.of(row(1, 10)), List.of()))
        .isEqualTo(new ShadowVerdict.NotCompared("skipped_no_schema"));
  }

  private static List<ColumnSpec> columns(String... names) {
    return Arrays.stream(names)
        .map(
            name ->
                new ColumnSpec(
                    "ks", "t", name, 0, RawType.PRIMITIVES.get(ProtocolConstants.DataType.INT)))
        .toList();
  }

  private static List<ByteBuffer> row(int... values) {
    return Arrays.stream(values).mapToObj(ShadowComparisonTest::intValue).toList();
  }

  private static ByteBuffer intValue(int value) {
    return ByteBuffer.allocate(4).putInt(0, value);
  }
}
