package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.internal.core.type.UserDefinedTypeBuilder;
import org.junit.jupiter.api.Test;

/** Types in the copy's CQL resolve in the target's keyspace, not the source's. */
class CopiedSchemaTest {

  private static final UserDefinedType ADDRESS =
      new UserDefinedTypeBuilder(
              CqlIdentifier.fromInternal("source_ks"), CqlIdentifier.fromInternal("address"))
          .withField(CqlIdentifier.fromInternal("zip"), DataTypes.INT)
          .build();

  @Test
  void should_name_user_defined_types_without_the_source_keyspace() {
    assertThat(CopiedSchema.cqlOf(ADDRESS.copy(true))).isEqualTo("frozen<address>");
    assertThat(CopiedSchema.cqlOf(DataTypes.listOf(ADDRESS.copy(true))))
        .isEqualTo("list<frozen<address>>");
    assertThat(CopiedSchema.cqlOf(DataTypes.mapOf(DataTypes.TEXT, ADDRESS.copy(true), true)))
        .isEqualTo("frozen<map<text, frozen<address>>>");
    assertThat(CopiedSchema.cqlOf(DataTypes.tupleOf(DataTypes.INT, ADDRESS.copy(true))))
        .isEqualTo("tuple<int, frozen<address>>");
    assertThat(CopiedSchema.cqlOf(DataTypes.setOf(DataTypes.UUID))).isEqualTo("set<uuid>");
  }

  @Test
  void should_write_durations_and_vectors_as_cql_declares_them() {
    assertThat(CopiedSchema.cqlOf(DataTypes.DURATION)).isEqualTo("duration");
    assertThat(CopiedSchema.cqlOf(DataTypes.vectorOf(DataTypes.FLOAT, 1536)))
        .isEqualTo("vector<float, 1536>");
    assertThat(CopiedSchema.cqlOf(DataTypes.vectorOf(ADDRESS.copy(true), 2)))
        .isEqualTo("vector<frozen<address>, 2>");
  }
}
