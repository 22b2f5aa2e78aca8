package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.ProtocolConstants.ErrorCode;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.result.Void;
import org.junit.jupiter.api.Test;

class SchemaInEffectTest {

  private static boolean says(String statement, int code, String message) {
    return SchemaInEffect.says(new Query(statement), new Error(code, message));
  }

  @Test
  void aChangeTheClusterHasAlreadyIsToldFromOneItRefuses() {
    assertThat(
            says(
                "CREATE TABLE ks.outage (id int PRIMARY KEY)",
                ErrorCode.ALREADY_EXISTS,
                "Cannot add already existing table \"outage\" to keyspace \"ks\""))
        .isTrue();
    assertThat(says("CREATE ROLE app", ErrorCode.INVALID, "app already exists")).isTrue();
    assertThat(says("DROP TABLE ks.gone", ErrorCode.INVALID, "Table 'ks.gone' doesn't exist"))
        .isTrue();
    assertThat(
            says(
                "ALTER TABLE ks.t ADD v int",
                ErrorCode.INVALID,
                "Column with name 'v' already exists"))
        .isTrue();
    assertThat(
            says(
                "ALTER TABLE ks.t DROP v",
                ErrorCode.INVALID,
                "Column v was not found in table ks.t"))
        .isTrue();
    // Refusals that say the change is not in effect.
    assertThat(says("ALTER TABLE ks.t ADD v int", ErrorCode.INVALID, "Table 'ks.t' doesn't exist"))
        .isFalse();
    assertThat(says("CREATE TABLE ks.t (id int PRIMARY KEY)", ErrorCode.SYNTAX_ERROR, "line 1"))
        .isFalse();
    assertThat(
            says(
                "CREATE TABLE x.t (id int PRIMARY KEY)",
                ErrorCode.INVALID,
                "Keyspace 'x' doesn't exist"))
        .isFalse();
    assertThat(
            SchemaInEffect.says(new Query("CREATE TABLE ks.t (id int PRIMARY KEY)"), Void.INSTANCE))
        .isFalse();
  }
}
