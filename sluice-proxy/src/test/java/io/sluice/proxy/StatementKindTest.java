package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementKindTest {

  @Test
  void writesSchemaChangesAndReadsAreToldApart() {
    assertThat(StatementKind.of("  insert into t (k) values (1)", null))
        .isEqualTo(StatementKind.WRITE);
    assertThat(StatementKind.of("/* x */ BEGIN UNLOGGED BATCH APPLY BATCH", null))
        .isEqualTo(StatementKind.WRITE);
    assertThat(StatementKind.of("-- note\nCREATE TABLE t (k int PRIMARY KEY)", null))
        .isEqualTo(StatementKind.SCHEMA);
    assertThat(StatementKind.of("SELECT * FROM t", null)).isEqualTo(StatementKind.READ);
    assertThat(StatementKind.of("LIST ROLES", null)).isEqualTo(StatementKind.READ);
  }

  @Test
  void conditionalWritesAreToldByTheirIf() {
    assertThat(StatementKind.of("INSERT INTO t (k) VALUES (1) IF NOT EXISTS", null))
        .isEqualTo(StatementKind.CONDITIONAL_WRITE);
    assertThat(StatementKind.of("UPDATE t SET v = 'if' WHERE k = 1 if v = 'x'", null))
        .isEqualTo(StatementKind.CONDITIONAL_WRITE);
    assertThat(StatementKind.of("UPDATE t SET \"if\" = 'IF x' WHERE k = 1", null))
        .isEqualTo(StatementKind.WRITE);
    assertThat(StatementKind.of("DELETE FROM t WHERE k = 1 -- IF EXISTS", null))
        .isEqualTo(StatementKind.WRITE);
  }

  @Test
  void systemTablesOfTheNodeAreTheProxysOwn() {
    assertThat(StatementKind.of("SELECT * FROM system.local WHERE key='local'", null))
        .isEqualTo(StatementKind.LOCAL_NODE);
    assertThat(StatementKind.of("SELECT peer FROM \"system\".\"peers_v2\"", null))
        .isEqualTo(StatementKind.PEERS);
    assertThat(StatementKind.of("SELECT * FROM local", "system"))
        .isEqualTo(StatementKind.LOCAL_NODE);
    assertThat(StatementKind.of("SELECT * FROM local", "shop")).isEqualTo(StatementKind.READ);
    assertThat(StatementKind.of("SELECT * FROM system.local_things", null))
        .isEqualTo(StatementKind.READ);
  }

  @Test
  void useNamesItsKeyspaceAsStored() {
    assertThat(StatementKind.keyspaceOfUse("USE Shop;")).isEqualTo("shop");
    assertThat(StatementKind.keyspaceOfUse("use \"MyShop\"")).isEqualTo("MyShop");
    assertThat(StatementKind.keyspaceOfUse("USE a b")).isNull();
  }
}
