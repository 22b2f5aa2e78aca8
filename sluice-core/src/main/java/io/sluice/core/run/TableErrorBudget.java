package io.sluice.core.run;

import io.sluice.core.count.Count;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.job.ErrorThreshold;

/**
 * The error budget of one table of a job of several, when {@code max-errors} says {@code per
 * table}: the table's rejects, in this run and the committed part of earlier ones, are judged
 * against its own reads; stopping still stops the whole run.
 */
final class TableErrorBudget implements RunControl {

  private final RunControl run;
  private final String table;
  private final ErrorThreshold maxErrors;
  private final LiveCounts live;
  private final Counts earlier;

  TableErrorBudget(
      RunControl run, String table, ErrorThreshold maxErrors, LiveCounts live, Counts earlier) {
    this.run = run;
    this.table = table;
    this.maxErrors = maxErrors;
    this.live = live;
    this.earlier = earlier;
  }

  @Override
  public boolean stopped() {
    return run.stopped();
  }

  @Override
  public void stop(String reason) {
    run.stop(reason);
  }

  @Override
  public void rejected() {
    long errors = earlier.rejected() + live.rejected();
    long read = earlier.recordsRead() + live.get(Count.RECORDS_READ);
    if (maxErrors.exceeded(errors, read)) {
      run.stop(
          String.format(
              "%,d records or rows of table %s were rejected out of %,d read, more than"
                  + " max-errors %s allows",
              errors, table, read, maxErrors));
    }
  }
}
