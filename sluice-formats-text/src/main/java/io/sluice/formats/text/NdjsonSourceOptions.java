package io.sluice.formats.text;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.sluice.core.job.ByteSizeText;
import io.sluice.core.job.Setting;
import io.sluice.core.job.YesNoDeserializer;

/**
 * The {@code options} of an {@code ndjson} source, read from the job file with {@link
 * io.sluice.core.job.JobFiles#readPart}. Absent settings take their defaults here.
 *
 * @param splitSize bytes per split of a plain file, as written ({@code 64MiB}); {@link
 *     #splitSizeBytes()} in bytes
 * @param maxRecordSize the longest line accepted, as written; {@link #maxRecordBytes()} in bytes
 * @param extendedJson whether Extended JSON wrappers become typed values
 */
public record NdjsonSourceOptions(
    @Setting(
            "Size of the byte ranges a plain file is cut into; each range reads the lines that"
                + " start in it. Bytes, or a number with KiB, MiB or GiB (K, KB, M, MB, G, GB are"
                + " read as the same binary units). Compressed files are never split.")
        String splitSize,
    @Setting("The longest line accepted; a longer one is rejected and reading goes on after it.")
        String maxRecordSize,
    @Setting(
            "Read MongoDB Extended JSON wrappers, as mongoexport writes them ({\"$oid\": ...},"
                + " {\"$date\": ...}, {\"$numberLong\": ...}, ...), as the typed values the BSON"
                + " source gives; false keeps them as documents.")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean extendedJson) {

  public NdjsonSourceOptions {
    splitSize = splitSize == null ? "64MiB" : splitSize;
    ByteSizeText.parse(splitSize, "split-size");
    maxRecordSize = maxRecordSize == null ? "16MiB" : maxRecordSize;
    RecordLimits.maxRecordBytes(maxRecordSize);
    extendedJson = extendedJson == null || extendedJson;
  }

  /** Bytes per split of a plain file. */
  public long splitSizeBytes() {
    return ByteSizeText.parse(splitSize, "split-size");
  }

  /** The longest line accepted, in bytes. */
  public int maxRecordBytes() {
    return RecordLimits.maxRecordBytes(maxRecordSize);
  }
}
