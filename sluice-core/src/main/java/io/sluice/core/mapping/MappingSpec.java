package io.sluice.core.mapping;

import io.sluice.core.job.Setting;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code mapping:} part of a job file: how one source record becomes rows of the target table.
 * Compile it against the table with {@link Mapper#compile}.
 *
 * <pre>{@code
 * mapping:
 *   columns:                          # target column: where its value comes from, in order
 *     id: _id                         # a field path (the short form of {field: _id})
 *     given_name: name.given          # a nested field
 *     first_phone: phones[0].number   # an array element (phones[-1] is the last one)
 *     profile: profile                # a nested document; the column's type decides the form:
 *                                     #   text -> JSON, map<text, X> -> map, UDT -> UDT
 *     status: { field: status, default: active }   # value used when the field is missing or null
 *     signup: { field: createdAt, type: timestamp } # also checks the table's column is a timestamp
 *     email_count: { size: emails }                # number of elements (or keys, or characters)
 *     source: { constant: mongo-2024 }             # the same value in every row
 *     user_key: { concat: [country, _id], separator: ":" }  # text parts joined; default ":"
 *     id_hash: { hash: [_id], algorithm: sha256 }  # digest of the parts: hex text or blob
 *     address: { field: address, ignore-extra-fields: true } # UDT: drop keys it has no field for
 *     seen_at: { field: ts, truncate: millis }     # drop the part finer than a timestamp holds
 *     seen_us: { field: ts, epoch-unit: micros }   # bigint: microseconds since 1970
 *   explode:                          # optional: one row per element of an array
 *     field: phones
 *     as: phone                       # columns reach the element as phone, phone.number, ...
 *     index-column: phone_index       # optional: receives the element's position, from 0
 *   filter:                           # optional: keep only records matching every condition
 *     - { field: status, equals: active }
 *     - { field: kind, in: [a, b] }
 *     - { field: status, not-equals: banned }
 *     - { field: deletedAt, exists: false }
 * }</pre>
 *
 * <p>Field paths name a field by its name, go into documents with {@code .} and into arrays with
 * {@code [n]} (from 0; negative counts from the end). A field name holding {@code .}, {@code [} or
 * {@code ]} is written in brackets and quotes: {@code ['a.b'].c}. A column whose field is missing
 * (or null) in a record is left unset, unless it belongs to the primary key: then the record fails.
 * Table columns that the mapping does not name are left unset.
 *
 * <p>Values are converted to each column's CQL type as {@link ValueConverter} describes; a value
 * that cannot be converted faithfully fails its record, it is never changed silently.
 */
public record MappingSpec(
    @Setting(
            "Each target column's name to where its value comes from, in the order written: a"
                + " field path (short for `{field: PATH}`) or a part of its own.")
        Map<String, ColumnSpec> columns,
    @Setting("The array whose elements each become a row; without it, one row per record.")
        ExplodeSpec explode,
    @Setting("Conditions a record must all meet to be mapped; without it, every record is.")
        List<FilterSpec> filter) {

  public MappingSpec {
    columns =
        columns == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    filter = filter == null ? List.of() : List.copyOf(filter);
  }

  /** A mapping of plain columns, without explode or filter. */
  public static MappingSpec of(Map<String, ColumnSpec> columns) {
    return new MappingSpec(columns, null, List.of());
  }
}
