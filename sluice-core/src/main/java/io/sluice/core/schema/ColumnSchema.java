package io.sluice.core.schema;

/** A column of a target table: its name (unquoted), type and role in the primary key. */
public record ColumnSchema(String name, CqlType type, Role role) {

  /** The column's part in the primary key. */
  public enum Role {
    PARTITION_KEY,
    CLUSTERING,
    STATIC,
    REGULAR
  }

  public boolean isPrimaryKey() {
    return role == Role.PARTITION_KEY || role == Role.CLUSTERING;
  }
}
