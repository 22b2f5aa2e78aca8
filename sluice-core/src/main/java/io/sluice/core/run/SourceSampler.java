package io.sluice.core.run;

import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the first records of a source, split after split, for inference and dry checks. */
public final class SourceSampler {

  private SourceSampler() {}

  /** Up to {@code limit} well-formed records from the start of the source's splits. */
  public static List<Record> sample(Source source, List<Split> splits, int limit)
      throws IOException {
    List<Record> sample = new ArrayList<>();
    for (Split split : splits) {
      try (SplitReader reader = source.open(split)) {
        SourceItem item;
        while (sample.size() < limit && (item = reader.next()) != null) {
          if (item instanceof Record record) {
            sample.add(record);
          }
        }
      }
      if (sample.size() >= limit) {
        break;
      }
    }
    return sample;
  }
}
