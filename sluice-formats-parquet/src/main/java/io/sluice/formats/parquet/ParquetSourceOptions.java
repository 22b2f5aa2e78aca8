package io.sluice.formats.parquet;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.sluice.core.job.Setting;
import io.sluice.core.job.YesNoDeserializer;
import java.util.HashSet;
import java.util.List;

/**
 * The {@code options} of a {@code parquet} source, read from the job file with {@link
 * io.sluice.core.job.JobFiles#readPart}. Absent settings take their defaults here.
 *
 * @param columns the top-level columns to read, or empty to read them all
 * @param verifyChecksums whether page CRCs are checked
 * @param binaryAsString whether unannotated BINARY columns are read as UTF-8 text
 */
public record ParquetSourceOptions(
    @Setting(
            value =
                "Read only these top-level columns (a list, or one name), each with everything nested"
                    + " in it; records keep the files' column order. A name missing from some files"
                    + " reads as null there; a name missing from every file is an error.",
            shownDefault = "every column")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> columns,
    @Setting(
            "Check the CRC-32 of every page that has one (Apache Parquet's writer adds them; some"
                + " other writers do not), so damaged bytes reject their row group instead of"
                + " decoding into wrong values. false skips the check.")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean verifyChecksums,
    @Setting(
            "Read BINARY columns without a logical type as UTF-8 text instead of bytes, for files"
                + " from writers that leave strings unannotated (old Hive, Impala and Spark"
                + " versions).")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean binaryAsString) {

  public ParquetSourceOptions {
    columns = columns == null ? List.of() : columns;
    if (columns.stream().anyMatch(name -> name == null || name.isBlank())) {
      throw new IllegalArgumentException("columns must not be blank");
    }
    if (new HashSet<>(columns).size() != columns.size()) {
      throw new IllegalArgumentException("columns names a column twice: " + columns);
    }
    columns = List.copyOf(columns);
    verifyChecksums = verifyChecksums == null || verifyChecksums;
    binaryAsString = binaryAsString != null && binaryAsString;
  }
}
