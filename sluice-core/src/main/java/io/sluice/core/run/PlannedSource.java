package io.sluice.core.run;

import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.util.List;

/** A source with its splits and the write-timestamp rule of its rows. */
public record PlannedSource(Source source, List<Split> splits, WriteTimestamps timestamps) {

  public PlannedSource {
    splits = List.copyOf(splits);
  }

  void closeQuietly() {
    closeQuietly(source);
  }

  static void closeQuietly(Source source) {
    try {
      source.close();
    } catch (IOException | RuntimeException e) {
      // Closing a source we only read from cannot lose data; nothing to report.
    }
  }
}
