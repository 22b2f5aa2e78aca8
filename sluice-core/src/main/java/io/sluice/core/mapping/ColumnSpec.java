package io.sluice.core.mapping;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.sluice.core.job.Setting;
import java.util.List;

/**
 * Where one target column takes its value from: exactly one of {@code field}, {@code constant},
 * {@code concat}, {@code hash}, {@code size} or {@code position}. In a job file a plain string is
 * short for {@code {field: ...}}. See {@link MappingSpec} for the format.
 */
public record ColumnSpec(
    @Setting("The path of the field holding the value, such as `name.given` or `phones[0].number`.")
        String field,
    @Setting("A value written to every row (converted to the column's type like a field's).")
        Object constant,
    @Setting("Paths whose values, as text, are joined with `separator`.") List<String> concat,
    @Setting(
            value = "What `concat` puts between parts.",
            shownDefault = "`" + ColumnSpec.DEFAULT_SEPARATOR + "`")
        String separator,
    @Setting(
            "Paths whose values, as text, are digested with `algorithm`; a missing part counts as"
                + " null, distinct from an empty string.")
        List<String> hash,
    @Setting(
            value =
                "`md5`, `sha1`, `sha256` or `sha512`: the digest is lower-case hex for a text"
                    + " column and raw bytes for a blob column.",
            shownDefault = "`" + ColumnSpec.DEFAULT_ALGORITHM + "`")
        String algorithm,
    @Setting(
            "A path whose array, document or string size (elements, keys or characters) is the"
                + " value.")
        String size,
    @Setting(
            "The CQL type the column is expected to have, such as `timestamp`: the job fails"
                + " before loading when the table's column has another type.")
        String type,
    @Setting("With `field`: the value used when the field is missing or null.")
        @JsonProperty("default")
        Object defaultValue,
    @Setting(
            "For a user-defined type: drop document keys the type has no field for, instead of"
                + " failing the record.")
        Boolean ignoreExtraFields,
    // Left out of JSON when unset, so the fingerprints of jobs saved before these settings
    // existed stay the same and such jobs still resume.
    @Setting(
            value =
                "For timestamp and bigint columns: what an integer standing for an instant counts,"
                    + " `seconds`, `millis`, `micros` or `nanos` since 1970; a bigint written from"
                    + " a date holds that count, a timestamp reads integers as it.",
            shownDefault = "`millis`")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        String epochUnit,
    @Setting(
            value =
                "For timestamp and bigint columns: drop the part of each instant finer than"
                    + " `seconds`, `millis` or `micros`, towards the past; without it an instant"
                    + " finer than the column holds fails its record.",
            shownDefault = "nothing dropped")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        String truncate,
    @Setting(
            "`true`: the column takes where the record is in its source, as text"
                + " `resource:offset` (the file and the byte offset, or the row number of a"
                + " Parquet file); unique per record and the same on every run over the same"
                + " files (with `explode`, put the index column in the key too).")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        Boolean position) {

  // The defaults of separator and algorithm are applied where the column is compiled, not in the
  // constructor: a mapping's JSON is part of a job's fingerprint, and filling them in would make
  // every job saved before refuse to resume.

  /** What {@code concat} puts between parts when the column names no {@code separator}. */
  public static final String DEFAULT_SEPARATOR = ":";

  /** The digest of {@code hash} when the column names no {@code algorithm}. */
  public static final String DEFAULT_ALGORITHM = "sha256";

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
