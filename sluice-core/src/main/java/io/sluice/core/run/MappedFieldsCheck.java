package io.sluice.core.run;

import io.sluice.core.job.JobFileException;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.source.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses, before the first record, a mapping that reads fields a source does not have, when the
 * source knows its fields up front (a CSV header, a Parquet schema): otherwise every row would be
 * loaded with nulls in those columns and the run would end as if all went well.
 */
final class MappedFieldsCheck {

  private MappedFieldsCheck() {}

  static void check(Source source, Mapper mapper) {
    Optional<Set<String>> known;
    try {
      known = source.knownFields();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the fields of source '" + source.name() + "': " + e.getMessage(), e);
    }
    if (known.isEmpty()) {
      return;
    }
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, String> needed : mapper.fieldsNeeded().entrySet()) {
      if (!known.get().contains(needed.getKey())) {
        missing.add(
            "'"
                + needed.getKey()
                + "' (read by "
                + needed.getValue().replace("Column", "column")
                + ")");
      }
    }
    if (!missing.isEmpty()) {
      throw new JobFileException(
          "Source '"
              + source.name()
              + "' has no field "
              + String.join(", no field ", missing)
              + "; its fields are "
              + String.join(", ", known.get())
              + ". Correct the mapping's field names, or give such a column a default.");
    }
  }
}
