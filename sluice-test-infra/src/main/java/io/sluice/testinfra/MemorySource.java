package io.sluice.testinfra;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.util.List;

/**
 * A source of one split over records held in memory, for tests that need records a file cannot give
 * (cells with their own write times and TTLs, as a table source reads them).
 *
 * @param name the source's name, and its split's
 * @param records what the split reads, in order
 */
public record MemorySource(String name, List<SourceItem> records) implements Source {

  public MemorySource {
    records = List.copyOf(records);
  }

  @Override
  public List<Split> plan() {
    return List.of(new Split(name, 0, name, 0, Long.MAX_VALUE, records.size()));
  }

  @Override
  public SplitReader open(Split split) {
    return new SplitReader() {
      private int next = (int) split.start();

      @Override
      public SourceItem next() {
        return next < records.size() ? records.get(next++) : null;
      }

      @Override
      public long workDone() {
        return next;
      }

      @Override
      public void close() {}
    };
  }
}
