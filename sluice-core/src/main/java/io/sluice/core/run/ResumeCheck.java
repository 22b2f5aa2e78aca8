package io.sluice.core.run;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.source.Split;
import java.util.List;
import java.util.Map;

/**
 * Decides whether a checkpoint may be resumed: the job must read the same sources, map them the
 * same way into the same table, and its sources must split the same way (an unchanged file splits
 * the same). Otherwise resuming would skip or repeat records, so it is refused with a message
 * saying what changed.
 */
final class ResumeCheck {

  private ResumeCheck() {}

  /**
   * @param fingerprint the job's fingerprint now (of all its tables' jobs, for a job of several)
   * @param sources every planned source of the job, all its tables'
   */
  static void check(
      JobSpec job,
      JobFingerprint fingerprint,
      Checkpoint checkpoint,
      List<PlannedSource> sources,
      Map<String, String> contentDigests) {
    List<String> changed = checkpoint.fingerprint().differences(fingerprint);
    if (!changed.isEmpty()) {
      throw new JobFileException(
          "Job '"
              + job.name()
              + "' has a checkpoint from an earlier run, but its "
              + String.join(" and ", changed)
              + (changed.size() == 1 ? " has" : " have")
              + " changed since; run with --fresh to start over, or undo the change to resume.");
    }
    checkContent(job, checkpoint, contentDigests);
    int planned = 0;
    for (PlannedSource source : sources) {
      for (Split split : source.splits()) {
        planned++;
        SplitCheckpoint saved = checkpoint.splits().get(split.id());
        if (saved == null
            || !saved.resource().equals(split.resource())
            || saved.start() != split.start()
            || saved.end() != split.end()) {
          throw new JobFileException(
              "Job '"
                  + job.name()
                  + "' has a checkpoint from an earlier run, but "
                  + split.resource()
                  + " no longer splits as it did (was the file changed or replaced?); run with"
                  + " --fresh to start over.");
        }
      }
    }
    checkSplitCount(job, checkpoint, planned);
  }

  /** A file replaced by another, even of the same size, would resume at meaningless offsets. */
  private static void checkContent(
      JobSpec job, Checkpoint checkpoint, Map<String, String> contentDigests) {
    for (Map.Entry<String, String> file : contentDigests.entrySet()) {
      String saved = checkpoint.resources().get(file.getKey());
      if (saved != null && !saved.equals(file.getValue())) {
        throw new JobFileException(
            "Job '"
                + job.name()
                + "' has a checkpoint from an earlier run, but "
                + file.getKey()
                + " is not the file that run read (its content differs); put the original back to"
                + " resume, or run with --fresh to start over.");
      }
    }
  }

  private static void checkSplitCount(JobSpec job, Checkpoint checkpoint, int planned) {
    if (planned != checkpoint.splits().size()) {
      throw new JobFileException(
          "Job '"
              + job.name()
              + "' has a checkpoint from an earlier run with "
              + checkpoint.splits().size()
              + " splits, but its sources now give "
              + planned
              + "; run with --fresh to start over.");
    }
  }
}
