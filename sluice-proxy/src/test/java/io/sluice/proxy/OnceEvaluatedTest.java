package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class OnceEvaluatedTest {

  @Test
  void simpleStatementsGetLiteralsWithTheirType() {
    String cql =
        OnceEvaluated.withLiterals("INSERT INTO t (k, at, d) VALUES (1, now(), currentDate())");
    assertThat(cql)
        .matches(
            "INSERT INTO t \\(k, at, d\\) VALUES \\(1, \\(timeuuid\\)[0-9a-f-]{36},"
                + " \\(date\\)'\\d{4}-\\d\\d-\\d\\d'\\)");
  }

  @Test
  void callsInsideLiteralsNamesAndCommentsAreLeftAlone() {
    String cql =
        "INSERT INTO t (k, \"now()\", v) VALUES (1, 'now()', $$uuid()$$) /* now() */ -- uuid()";
    assertThat(OnceEvaluated.withLiterals(cql)).isEqualTo(cql);
    assertThat(OnceEvaluated.withMarkers(cql).changed()).isFalse();
  }

  @Test
  void preparedStatementsGetMarkersInTheirOrderAmongTheClientsOwn() {
    OnceEvaluated.Rewritten rewritten =
        OnceEvaluated.withMarkers(
            "UPDATE t SET at = NOW(), v = ?, s = toTimestamp(now()) WHERE k = ?");
    assertThat(rewritten.text())
        .isEqualTo(
            "UPDATE t SET at = (timeuuid)?, v = ?, s = toTimestamp((timeuuid)?) WHERE k = ?");
    ByteBuffer v = ByteBuffer.wrap(new byte[] {1});
    ByteBuffer k = ByteBuffer.wrap(new byte[] {2});
    List<ByteBuffer> values = rewritten.withValues(List.of(v, k));
    assertThat(values).hasSize(4);
    assertThat(values.get(1)).isEqualTo(v);
    assertThat(values.get(3)).isEqualTo(k);
    assertThat(values.get(0).remaining()).isEqualTo(16);
    assertThat(values.get(0)).isNotEqualTo(values.get(2));
  }

  @Test
  void namedMarkersGetNamedMarkers() {
    OnceEvaluated.Rewritten rewritten =
        OnceEvaluated.withMarkers("INSERT INTO t (k, id) VALUES (:k, uuid())");
    assertThat(rewritten.text())
        .isEqualTo("INSERT INTO t (k, id) VALUES (:k, (uuid):sluice_once_1)");
    assertThat(rewritten.withNamedValues(java.util.Map.of("k", ByteBuffer.allocate(4))))
        .containsKeys("k", "sluice_once_1");
  }

  @Test
  void aColumnNamedLikeAFunctionIsNotACall() {
    String cql = "UPDATE t SET my_now = ?, x.uuid = 1 WHERE k = 1";
    assertThat(OnceEvaluated.withLiterals(cql)).isEqualTo(cql);
    assertThat(Arrays.asList(OnceEvaluated.withMarkers(cql).markers().toArray()))
        .containsExactly((Object) null);
  }
}
