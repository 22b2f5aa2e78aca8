package io.sluice.core.mapping;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Where one target column takes its value from: exactly one of {@code field}, {@code constant},
 * {@code concat}, {@code hash}, {@code size} or {@code position}. In a job file a plain string is
 * short for {@code {field: ...}}. See {@link MappingSpec} for the format.
 *
 * @param field the path of the field holding the value, such as {@code name.given}
 * @param constant a value written to every row (converted to the column's type like a field)
 * @param concat paths whose values, as text, are joined with {@code separator}
 * @param separator what {@code concat} puts between parts; default {@code ":"}
 * @param hash paths whose values, as text, are digested with {@code algorithm}; a missing part
 *     counts as null, distinct from an empty string
 * @param algorithm {@code md5}, {@code sha1}, {@code sha256} (default) or {@code sha512}; the
 *     digest is lower-case hex for a text column and raw bytes for a blob column
 * @param size a path whose array, document or string size (elements, keys or characters) is the
 *     value
 * @param type the CQL type the column is expected to have, such as {@code timestamp}; compiling
 *     fails when the table's column has another type, so a changed table is noticed before loading
 * @param defaultValue with {@code field}: the value used when the field is missing or null
 * @param ignoreExtraFields for user-defined types: drop document keys the type has no field for,
 *     instead of failing the record
 * @param epochUnit for timestamp and bigint columns: what an integer standing for an instant
 *     counts, {@code seconds}, {@code millis} (default), {@code micros} or {@code nanos} since
 *     1970; a bigint written from a date holds that count, a timestamp reads integers as it (see
 *     {@link InstantOptions})
 * @param position {@code true}: the column takes where the record is in its source, as text {@code
 *     resource:offset} (the file and the byte offset, or the row number of a Parquet file); unique
 *     per record and the same on every run over the same files (with {@code explode}, put the index
 *     column in the key too)
 * @param truncate for timestamp and bigint columns: drop the part of each instant finer than {@code
 *     seconds}, {@code millis} or {@code micros}, towards the past; without it an instant finer
 *     than the column holds fails its record
 */
public record ColumnSpec(
    String field,
    Object constant,
    List<String> concat,
    String separator,
    List<String> hash,
    String algorithm,
    String size,
    String type,
    @JsonProperty("default") Object defaultValue,
    Boolean ignoreExtraFields,
    // Left out of JSON when unset, so the fingerprints of jobs saved before these settings
    // existed stay the same and such jobs still resume.
    @JsonInclude(JsonInclude.Include.NON_NULL) String epochUnit,
    @JsonInclude(JsonInclude.Include.NON_NULL) String truncate,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean position) {

  public ColumnSpec {
    concat = concat == null ? null : List.copyOf(concat);
    hash = hash == null ? null : List.copyOf(hash);
  }

  /** The column takes the value at {@code path}; how a plain string in a job file is read. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static ColumnSpec ofField(String path) {
    return new ColumnSpec(
        path, null, null, null, null, null, null, null, null, null, null, null, null);
  }

  /** The column takes the same value in every row. */
  public static ColumnSpec ofConstant(Object value) {
    return new ColumnSpec(
        null, value, null, null, null, null, null, null, null, null, null, null, null);
  }

  /**
   * The column takes the text forms of the values at {@code paths}, joined by {@code separator}.
   */
  public static ColumnSpec ofConcat(List<String> paths, String separator) {
    return new ColumnSpec(
        null, null, paths, separator, null, null, null, null, null, null, null, null, null);
  }

  /** The column takes a digest of the text forms of the values at {@code paths}. */
  public static ColumnSpec ofHash(List<String> paths, String algorithm) {
    return new ColumnSpec(
        null, null, null, null, paths, algorithm, null, null, null, null, null, null, null);
  }

  /** The column takes where the record is in its source: {@code resource:offset}. */
  public static ColumnSpec ofPosition() {
    return new ColumnSpec(
        null, null, null, null, null, null, null, null, null, null, null, null, true);
  }

  /** The column takes the number of elements, keys or characters of the value at {@code path}. */
  public static ColumnSpec ofSize(String path) {
    return new ColumnSpec(
        null, null, null, null, null, null, path, null, null, null, null, null, null);
  }

  /** This column source, also checking that the column has the CQL type {@code cqlType}. */
  public ColumnSpec withType(String cqlType) {
    return new ColumnSpec(
        field,
        constant,
        concat,
        separator,
        hash,
        algorithm,
        size,
        cqlType,
        defaultValue,
        ignoreExtraFields,
        epochUnit,
        truncate,
        position);
  }

  /** This column source, with a value to use when the field is missing or null. */
  public ColumnSpec withDefault(Object value) {
    return new ColumnSpec(
        field,
        constant,
        concat,
        separator,
        hash,
        algorithm,
        size,
        type,
        value,
        ignoreExtraFields,
        epochUnit,
        truncate,
        position);
  }

  /**
   * This column source, with instants counted in {@code epochUnit} and cut down to {@code
   * truncate}; either may be null.
   */
  public ColumnSpec withInstants(String epochUnit, String truncate) {
    return new ColumnSpec(
        field,
        constant,
        concat,
        separator,
        hash,
        algorithm,
        size,
        type,
        defaultValue,
        ignoreExtraFields,
        epochUnit,
        truncate,
        position);
  }

  /** Whether this is the short form: just a field path, with no other setting. */
  public boolean isPlainField() {
    return equals(ofField(field)) && field != null;
  }
}
