package io.sluice.core.run;

import io.sluice.core.job.JobSpec;
import io.sluice.core.validate.ValidationSpec;
import java.nio.file.Path;

/**
 * How a run of a job goes. A migration writes the mapped rows into the target; a validation reads
 * the same sources through the same mapping and checks each row against the target instead, with
 * the same splits, workers, flow limits, checkpoints and error budget. The two keep their state
 * apart: a validation's lives in the {@code validate} folder of the job's state folder.
 *
 * @param fresh start over, ignoring the saved progress; otherwise an unfinished run is resumed
 * @param validation what a validation checks, or {@code null} for a migration
 */
public record RunOptions(boolean fresh, ValidationSpec validation) {

  public static RunOptions migrate(boolean fresh) {
    return new RunOptions(fresh, null);
  }

  public static RunOptions validate(boolean fresh, ValidationSpec validation) {
    return new RunOptions(fresh, java.util.Objects.requireNonNull(validation, "validation"));
  }

  public boolean validating() {
    return validation != null;
  }

  /** Where this run keeps its checkpoint, report and line file. */
  public Path stateDir(JobSpec job) {
    return validating() ? job.stateDir().resolve("validate") : job.stateDir();
  }

  /** The file listing rejects (a migration) or differences and rejects (a validation). */
  public String lineFileName() {
    return validating() ? "differences.jsonl" : "rejects.jsonl";
  }

  /** Whether the primary keys of all source rows are collected, to find extra target rows. */
  boolean collectsKeys() {
    return validating() && validation.extraRows();
  }

  /** Whether only a share of the records is read through. */
  boolean sampled() {
    return validating() && validation.sampled();
  }
}
