package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.response.result.Prepared;
import com.datastax.oss.protocol.internal.response.result.RowsMetadata;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreparedStatementsTest {

  private static PreparedStatement statement(int id) {
    Prepared prepared =
        new Prepared(
            new byte[] {(byte) id},
            null,
            new RowsMetadata(List.of(), null, new int[0], null),
            new RowsMetadata(List.of(), null, new int[0], null));
    return new PreparedStatement(
        "SELECT " + id, null, null, StatementKind.READ, ClusterRole.PRIMARY, prepared, prepared);
  }

  @Test
  void theLeastRecentlyUsedIsForgottenPastTheLimit() {
    PreparedStatements statements = new PreparedStatements(2);
    statements.put(statement(1));
    statements.put(statement(2));
    assertThat(statements.get(new byte[] {1})).isNotNull();
    statements.put(statement(3));

    assertThat(statements.size()).isEqualTo(2);
    assertThat(statements.get(new byte[] {2})).isNull();
    assertThat(statements.get(new byte[] {1}).query()).isEqualTo("SELECT 1");
    assertThat(statements.get(new byte[] {3})).isNotNull();
  }
}
