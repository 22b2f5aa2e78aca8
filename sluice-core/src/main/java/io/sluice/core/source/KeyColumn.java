package io.sluice.core.source;

/**
 * One column of a table's primary key, as it orders the table's rows: a source table's or a target
 * table's, compared to tell whether the rows of one come in the order of the other.
 *
 * @param name the column's name
 * @param cqlType its CQL type, as CQL writes it
 * @param partition whether it is part of the partition key (else a clustering column)
 * @param descending whether a clustering column is in descending order
 */
public record KeyColumn(String name, String cqlType, boolean partition, boolean descending) {

  /** Whether rows ordered by this column and by {@code other} come in the same order. */
  public boolean ordersAs(KeyColumn other) {
    return cqlType.equals(other.cqlType)
        && partition == other.partition
        && descending == other.descending;
  }
}
