package io.sluice.formats.bson;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.sluice.core.job.ByteSizeText;
import io.sluice.core.job.Setting;
import io.sluice.core.job.YesNoDeserializer;
import java.util.List;

/**
 * The {@code options} of a {@code bson} source, read from the job file with {@link
 * io.sluice.core.job.JobFiles#readPart}. Absent settings take their defaults here.
 *
 * @param splitSize target size of a split, as written ({@code 64MiB}); {@link #splitSizeBytes()} in
 *     bytes
 * @param collection the collections to read, or empty to read them all
 * @param splitCache whether to read and write {@code <file>.splits}
 * @param tables {@link #ONE_TABLE} or {@link #TABLE_PER_COLLECTION}
 */
public record BsonSourceOptions(
    @Setting(
            "Target size of a split of a plain .bson file: a split ends at the first document"
                + " boundary at or past it. Bytes, or a number with KiB, MiB or GiB (K, KB, M, MB,"
                + " G, GB are read as the same binary units). .bson.gz files are never split.")
        String splitSize,
    @Setting(
            "Read only this collection, or these (a list): the name from"
                + " <collection>.metadata.json, else from the file name. Without it a dump folder"
                + " yields every collection except system.* ones.")
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<String> collection,
    @Setting(
            "Keep the split points of each file larger than one split in <file>.splits beside it,"
                + " and reuse them while the file's size and modification time are unchanged;"
                + " false never reads or writes them. A folder that cannot be written to just goes"
                + " without.")
        @JsonDeserialize(using = YesNoDeserializer.class)
        Boolean splitCache,
    @Setting(
            "`per-collection`: each collection read is a table of its own, named after the"
                + " collection (lower-cased, `_` for any other character, `orderItems` gives"
                + " `order_items`), all in one job whose target names a keyspace only; each"
                + " table's mapping goes under the job's `per-table:`, which `sluice plan` infers."
                + " An empty collection is left out, named in the report. `one`: every collection"
                + " read goes to the job's one target table.")
        String tables) {

  /** Every collection read goes to the job's one target table. */
  public static final String ONE_TABLE = "one";

  /** Each collection read is a table of its own. */
  public static final String TABLE_PER_COLLECTION = "per-collection";

  public BsonSourceOptions {
    splitSize = splitSize == null ? "64MiB" : splitSize;
    ByteSizeText.parse(splitSize, "split-size");
    collection = collection == null ? List.of() : collection;
    if (collection.stream().anyMatch(name -> name == null || name.isBlank())) {
      throw new IllegalArgumentException("collection names must not be blank");
    }
    collection = List.copyOf(collection);
    splitCache = splitCache == null || splitCache;
    tables = tables == null ? ONE_TABLE : tables;
    if (!tables.equals(ONE_TABLE) && !tables.equals(TABLE_PER_COLLECTION)) {
      throw new IllegalArgumentException(
          "tables must be '"
              + ONE_TABLE
              + "' or '"
              + TABLE_PER_COLLECTION
              + "', not '"
              + tables
              + "'");
    }
  }

  /** Whether each collection read is a table of its own. */
  public boolean tablePerCollection() {
    return tables.equals(TABLE_PER_COLLECTION);
  }

  /** The target size of a split, in bytes. */
  public long splitSizeBytes() {
    return ByteSizeText.parse(splitSize, "split-size");
  }
}
