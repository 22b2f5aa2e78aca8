package io.sluice.core.validate;

/**
 * One column whose value in the target differs from the source's.
 *
 * @param column the column's name
 * @param sourceValue the source's value as a CQL literal, cut to {@link CqlLiterals#EXCERPT_LENGTH}
 * @param targetValue the target's value, likewise
 * @param targetWritetime the target cell's write timestamp in microseconds, or {@code null} when it
 *     has none (a null cell, a non-frozen collection)
 */
public record ColumnDifference(
    String column, String sourceValue, String targetValue, Long targetWritetime) {}
