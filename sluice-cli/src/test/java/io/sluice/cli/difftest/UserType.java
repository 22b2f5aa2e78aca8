package io.sluice.cli.difftest;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A user-defined type the generator drew, created on both clusters before the table.
 *
 * @param name the type's name, unique to its case
 * @param fields its fields, in declaration order
 */
public record UserType(String name, List<Field> fields) {

  /** A field: its name as CQL writes it (quoted when it must be) and its type. */
  public record Field(String name, ColumnType type) {}

  public UserType {
    fields = List.copyOf(fields);
  }

  /** {@code CREATE TYPE name (field type, ...)}. */
  public String create() {
    return "CREATE TYPE "
        + name
        + " ("
        + fields.stream()
            .map(f -> f.name() + " " + f.type().cql())
            .collect(Collectors.joining(", "))
        + ")";
  }
}
