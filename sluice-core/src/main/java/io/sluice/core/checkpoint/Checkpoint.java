package io.sluice.core.checkpoint;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sluice.core.count.Counts;
import java.time.Instant;
import java.util.Map;

/**
 * The saved state of a job: what it is (its fingerprint), how far each split got, and the counts of
 * every record handled so far, over all runs. Saved as {@code checkpoint.json} in the job's state
 * folder; it holds no secret and no record data.
 *
 * @param version the file format's version, {@link #CURRENT_VERSION}
 * @param fingerprint what the job reads, maps and writes, to refuse resuming a changed job
 * @param splits progress by split id ({@code source#index})
 * @param resources the {@link io.sluice.core.source.ContentDigest} of every local file read, by
 *     resource, to notice a file replaced by another of the same size (empty in checkpoints of
 *     earlier Sluice versions, which are then resumed without that check)
 * @param counts the counts of every record below the saved positions, over all runs
 * @param rejectFileLength the reject file's length holding exactly the rejects of those records
 * @param findingsFileLength the findings file's length holding exactly the findings of those
 *     records and of the search for extra rows (0 for a migration, which finds nothing)
 * @param runs how many runs contributed
 * @param updated when it was saved
 * @param validation a validation's own state, or {@code null} for a migration
 * @param tables for a job of several tables, the counts of each (as {@code counts}), by target
 *     table; empty for a job of one
 */
public record Checkpoint(
    int version,
    JobFingerprint fingerprint,
    Map<String, SplitCheckpoint> splits,
    Map<String, String> resources,
    Counts counts,
    long rejectFileLength,
    long findingsFileLength,
    int runs,
    Instant updated,
    ValidationCheckpoint validation,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Counts> tables) {

  public static final int CURRENT_VERSION = 1;

  public Checkpoint {
    splits = Map.copyOf(splits);
    resources = resources == null ? Map.of() : Map.copyOf(resources);
    tables = tables == null ? Map.of() : Map.copyOf(tables);
  }

  /** The checkpoint of a job of one table. */
  public Checkpoint(
      int version,
      JobFingerprint fingerprint,
      Map<String, SplitCheckpoint> splits,
      Map<String, String> resources,
      Counts counts,
      long rejectFileLength,
      long findingsFileLength,
      int runs,
      Instant updated,
      ValidationCheckpoint validation) {
    this(
        version,
        fingerprint,
        splits,
        resources,
        counts,
        rejectFileLength,
        findingsFileLength,
        runs,
        updated,
        validation,
        null);
  }

  /** Whether every split of the job is handled. */
  public boolean complete() {
    return !splits.isEmpty() && splits.values().stream().allMatch(SplitCheckpoint::done);
  }

  /** Whether the run is over: every split handled and, for a validation, its extra-row search. */
  public boolean finished() {
    return complete()
        && (validation == null || !validation.extraRows() || validation.extraRowsDone());
  }
}
