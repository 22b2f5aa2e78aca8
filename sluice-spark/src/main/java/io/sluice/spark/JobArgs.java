package io.sluice.spark;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobOverrides;
import io.sluice.core.job.JobSpec;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The job file and the flags that override its settings, as the CLI takes them: what the driver
 * sends each task, so that every executor reads the same job. The driver reads the file and sends
 * its text: an executor needs to see the job's sources (and its state folder, unless the state is
 * kept in a keyspace), not the job file.
 *
 * @param jobFile the job file's absolute path, for messages and the folder relative paths are
 *     resolved against
 * @param text the job file's text
 * @param overrides what the command line overrides in the job file
 */
public record JobArgs(String jobFile, String text, JobOverrides overrides) implements Serializable {

  /** Reads the job file on the driver, with the flags that override it. */
  static JobArgs read(Path jobFile, JobOverrides overrides) {
    Path file = jobFile.toAbsolutePath();
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new JobFileException("Job file " + file + " does not exist.");
    } catch (IOException e) {
      throw new JobFileException("Cannot read job file " + file + ": " + e.getMessage());
    }
    return new JobArgs(file.toString(), text, overrides);
  }

  /** The job, with the flags applied. */
  public JobSpec load() {
    return overrides.applyTo(JobFiles.parse(text, Path.of(jobFile)));
  }
}
