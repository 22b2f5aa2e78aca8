package io.sluice.core.run;

import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.Source;
import io.sluice.core.source.Split;
import java.util.List;

/**
 * Where the runner sends one split's rows: its workflow's choice ({@link Workflow#sinkForSplit}).
 */
@FunctionalInterface
public interface SplitSinks {

  /** The sink's own sink for each split ({@link Sink#forSplit}). */
  SplitSinks OWN = (sink, source, split, committedBefore) -> sink.forSplit(split);

  /** The sink for {@code split}'s rows: see {@link Workflow#sinkForSplit}. */
  Sink sinkFor(Sink sink, Source source, Split split, List<Row> committedBefore);
}
