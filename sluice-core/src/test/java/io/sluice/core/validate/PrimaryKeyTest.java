package io.sluice.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrimaryKeyTest {

  private static final TableSchema TABLE =
      new TableSchema(
          "ks",
          "events",
          List.of(
              new ColumnSchema(
                  "userId", new CqlType.Native("text"), ColumnSchema.Role.PARTITION_KEY),
              new ColumnSchema("seq", new CqlType.Native("int"), ColumnSchema.Role.CLUSTERING),
              new ColumnSchema("what", new CqlType.Native("text"), ColumnSchema.Role.REGULAR)),
          false);

  @Test
  void should_name_the_row_by_its_key_columns() {
    PrimaryKey key = PrimaryKey.of(Map.of("userId", "o'neil", "seq", 3, "what", "x"), TABLE);

    assertThat(key.toString()).isEqualTo("userId='o''neil', seq=3");
    assertThat(key.whereClause()).isEqualTo("\"userId\" = 'o''neil' AND seq = 3");
  }

  @Test
  void should_decode_what_it_encodes() {
    PrimaryKey key = PrimaryKey.of(Map.of("userId", "a, b", "seq", -1), TABLE);

    assertThat(PrimaryKey.decode(key.encode(), key.columns())).isEqualTo(key);
  }
}
