package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.count.Counts;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.state.LineStore;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

/**
 * The committed state of one split run by itself, with a line store of its own: how a Spark task
 * keeps its split's progress where every executor can reach it. Its {@link #checkpoint()} is a
 * checkpoint of a job of this one split, holding the split's counts over all its runs and the marks
 * of its own reject lines and findings, so a retried task resumes the split exactly where the last
 * save left it.
 */
public final class SplitProgress {

  private final ProgressLedger progress;
  private final SplitLedger ledger;

  /**
   * @param saved the split's own checkpoint from an earlier run, or null to start it afresh
   * @param positions the source's {@link io.sluice.core.source.Source#positionAfter}
   * @param lines the split's reject lines, reopened at {@code saved}'s mark
   * @param findings the split's findings, reopened at {@code saved}'s mark of them
   * @param resources the content digest of the split's file, by resource, when it is one
   */
  public SplitProgress(
      Split split,
      Checkpoint saved,
      Function<SourceItem, String> positions,
      LineStore lines,
      LineStore findings,
      JobFingerprint fingerprint,
      Map<String, String> resources,
      Clock clock) {
    Counts earlier = saved == null ? Counts.ZERO : saved.counts();
    int runs = saved == null ? 1 : saved.runs() + 1;
    this.progress =
        new ProgressLedger(
            lines, findings, fingerprint, resources, earlier, Map.of(), runs, clock, null);
    this.ledger =
        progress.track(
            split, saved == null ? null : saved.splits().get(split.id()), positions, null, null);
  }

  /** The ledger {@link SplitRunner#run} commits the split's records to. */
  public SplitLedger ledger() {
    return ledger;
  }

  /** A checkpoint of exactly the split's committed records, its line stores flushed to match. */
  public Checkpoint checkpoint() {
    return progress.checkpoint();
  }
}
