package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.checkpoint.ValidationCheckpoint;
import io.sluice.core.count.Count;
import io.sluice.core.count.CountTally;
import io.sluice.core.count.Counts;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.RejectLine;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The committed state of a local run: the {@link SplitLedger} of every split, sharing this ledger's
 * lock and line stores (rejects, findings), and the counts of earlier runs. The job's counts are
 * those of earlier runs plus the sum of its splits'; a {@link #checkpoint()} sees every split and
 * the line stores at one moment.
 */
public final class ProgressLedger {

  private final Map<String, SplitLedger> splits = new LinkedHashMap<>();
  private final Map<String, String> tableOfSplit = new HashMap<>();
  private final Map<String, Counts> earlierTables;
  private final LineStore lines;
  private final LineStore findings;
  private final JobFingerprint fingerprint;
  private final Map<String, String> resources;
  private final Counts earlierRuns;
  private final CountTally beyondSplits = new CountTally();
  private final int runs;
  private final Clock clock;
  private final Supplier<ValidationCheckpoint> validationState;

  /**
   * @param resources the content digest of every local file the job reads, by resource
   * @param validationState a validation's own state as a checkpoint saves it (asked for under this
   *     ledger's lock), or {@code null} for a migration
   * @param earlierTables for a job of several tables, what earlier runs committed of each
   */
  ProgressLedger(
      LineStore lines,
      LineStore findings,
      JobFingerprint fingerprint,
      Map<String, String> resources,
      Counts earlierRuns,
      Map<String, Counts> earlierTables,
      int runs,
      Clock clock,
      Supplier<ValidationCheckpoint> validationState) {
    this.lines = lines;
    this.findings = findings;
    this.fingerprint = fingerprint;
    this.resources = resources;
    this.earlierRuns = earlierRuns;
    this.earlierTables = earlierTables;
    this.runs = runs;
    this.clock = clock;
    this.validationState = validationState;
  }

  /**
   * Tracks a split at its saved progress.
   *
   * @param table the target table the split's rows go to, for a job of several tables; else null
   */
  synchronized SplitLedger track(
      Split split,
      SplitCheckpoint saved,
      Function<SourceItem, String> positions,
      RowsCommitted rowsCommitted,
      String table) {
    SplitLedger ledger =
        new SplitLedger(split, saved, positions, lines, findings, rowsCommitted, this);
    splits.put(split.id(), ledger);
    if (table != null) {
      tableOfSplit.put(split.id(), table);
    }
    return ledger;
  }

  /**
   * For a job of several tables, the counts of each over all runs, by target table, in the order
   * the tables were tracked; empty for a job of one.
   */
  public synchronized Map<String, Counts> committedByTable() {
    Map<String, CountTally> tables = new LinkedHashMap<>();
    for (Map.Entry<String, SplitLedger> entry : splits.entrySet()) {
      String table = tableOfSplit.get(entry.getKey());
      if (table != null) {
        tables
            .computeIfAbsent(table, t -> new CountTally(earlierTables.getOrDefault(t, Counts.ZERO)))
            .add(entry.getValue().committed());
      }
    }
    Map<String, Counts> counts = new LinkedHashMap<>();
    tables.forEach((table, tally) -> counts.put(table, tally.snapshot()));
    return counts;
  }

  /** Whether the split of {@code id} is tracked and all handled. */
  synchronized boolean done(String id) {
    SplitLedger split = splits.get(id);
    return split != null && split.done();
  }

  /** Lists and counts a finding that no record gives, such as an extra row in the target. */
  public synchronized void commit(RejectLine finding, List<Count> counts) {
    findings.add(finding);
    counts.forEach(beyondSplits::increment);
  }

  /** The counts of every committed record over all runs, and of the findings beyond them. */
  public synchronized Counts committed() {
    CountTally total = new CountTally(earlierRuns);
    for (SplitLedger split : splits.values()) {
      total.add(split.committed());
    }
    total.add(beyondSplits.snapshot());
    return total.snapshot();
  }

  /** A checkpoint of exactly the committed records, with the line stores flushed to match. */
  synchronized Checkpoint checkpoint() {
    long lineMark = lines.mark();
    long findingsMark = findings.mark();
    Map<String, SplitCheckpoint> saved = new LinkedHashMap<>();
    for (Map.Entry<String, SplitLedger> entry : splits.entrySet()) {
      saved.put(entry.getKey(), entry.getValue().checkpoint());
    }
    return new Checkpoint(
        Checkpoint.CURRENT_VERSION,
        fingerprint,
        saved,
        resources,
        committed(),
        lineMark,
        findingsMark,
        runs,
        clock.instant(),
        validationState == null ? null : validationState.get(),
        committedByTable());
  }
}
