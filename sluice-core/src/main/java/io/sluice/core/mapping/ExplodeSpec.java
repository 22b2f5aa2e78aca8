package io.sluice.core.mapping;

import io.sluice.core.job.Setting;

/**
 * The {@code explode:} part of a mapping: each element of an array becomes its own row, typically a
 * clustering row of the record's partition. Columns reach the element through the name given by
 * {@code as} ({@code phone}, {@code phone.number}); other paths still read the record. A record
 * whose array is missing, null or empty yields no rows.
 */
public record ExplodeSpec(
    @Setting(value = "The path of the array.", example = "phones") String field,
    @Setting(
            value =
                "The name the element is reachable under in column paths; it hides a top-level"
                    + " field of the same name.",
            example = "phone")
        String as,
    @Setting("A column receiving the element's position in the array, from 0.")
        String indexColumn) {}
