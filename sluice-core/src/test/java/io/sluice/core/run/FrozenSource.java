package io.sluice.core.run;

import io.sluice.core.source.CellTimesSource;
import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.util.List;

/** A source read as a copy frozen in time, as an HBase snapshot is: another source's records. */
final class FrozenSource implements CellTimesSource {

  private final Source records;

  FrozenSource(Source records) {
    this.records = records;
  }

  @Override
  public String name() {
    return records.name();
  }

  @Override
  public List<Split> plan() throws IOException {
    return records.plan();
  }

  @Override
  public SplitReader open(Split split) throws IOException {
    return records.open(split);
  }

  @Override
  public String writeTimes() {
    return "each cell's own";
  }
}
