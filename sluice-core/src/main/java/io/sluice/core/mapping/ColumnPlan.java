package io.sluice.core.mapping;

import io.sluice.core.source.Record;

/**
 * One target column of a compiled mapping: where its raw value comes from and how it is converted
 * to the column's CQL type. Immutable, so one plan serves every thread.
 *
 * @param column the target column name
 * @param primaryKey whether the column is part of the primary key (a missing value fails the
 *     record, and failure reasons quote no value)
 * @param fromElement whether the value depends on the exploded element (else it is read once per
 *     record)
 * @param source a short description of the source for failure reasons, like {@code field 'a.b'}
 * @param reader reads the raw value
 * @param converter converts the raw value to the column's type
 * @param cellField the top-level field whose cell time (write time and TTL) the column takes when
 *     the record carries one; null for a column computed from several fields, a constant, or an
 *     exploded element
 */
record ColumnPlan(
    String column,
    boolean primaryKey,
    boolean fromElement,
    String source,
    Reader reader,
    ValueConverter converter,
    String cellField) {

  /** A column that takes no cell time. */
  ColumnPlan(
      String column,
      boolean primaryKey,
      boolean fromElement,
      String source,
      Reader reader,
      ValueConverter converter) {
    this(column, primaryKey, fromElement, source, reader, converter, null);
  }

  /** Reads a column's raw value from a record and, when exploding, the current element. */
  @FunctionalInterface
  interface Reader {
    Object read(Record record, Object element, int index) throws ConversionException;
  }

  /**
   * The converted value; null when the source has none.
   *
   * @throws ConversionException when the raw value cannot be read or converted
   */
  Object value(Record record, Object element, int index) throws ConversionException {
    Object raw = reader.read(record, element, index);
    return raw == null ? null : converter.convert(raw);
  }

  /** The one-sentence reason for a failure of this column. */
  String reason(ConversionException failure, String where) {
    return "Column '"
        + column
        + "' ("
        + source
        + ")"
        + where
        + ": "
        + failure.getMessage()
        + (primaryKey ? "" : Excerpts.of(failure.value()))
        + ".";
  }

  /** The reason a primary key column without a value fails the record. */
  String missingKeyReason(String where) {
    return "Column '"
        + column
        + "' ("
        + source
        + ")"
        + where
        + " is part of the primary key, but the record has no value for it.";
  }
}
