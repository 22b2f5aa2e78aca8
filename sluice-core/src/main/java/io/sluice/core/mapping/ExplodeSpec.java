package io.sluice.core.mapping;

/**
 * The {@code explode:} part of a mapping: each element of an array becomes its own row, typically a
 * clustering row of the record's partition. Columns reach the element through the name given by
 * {@code as} ({@code phone}, {@code phone.number}); other paths still read the record. A record
 * whose array is missing, null or empty yields no rows.
 *
 * @param field the path of the array
 * @param as the name the element is reachable under in column paths; it hides a top-level field of
 *     the same name
 * @param indexColumn an optional column receiving the element's position in the array, from 0
 */
public record ExplodeSpec(String field, String as, String indexColumn) {}
