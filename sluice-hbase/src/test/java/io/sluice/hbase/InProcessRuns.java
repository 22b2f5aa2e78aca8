package io.sluice.hbase;

import io.sluice.cassandra.CassandraTarget;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.run.JobRun;
import io.sluice.core.run.Migration;
import io.sluice.core.run.RunReport;
import io.sluice.core.validate.Validation;
import io.sluice.core.validate.ValidationSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.regex.Matcher;

/**
 * A migration or a validation run in the test's JVM, and a job made of what {@code sluice plan}
 * proposed.
 */
final class InProcessRuns {

  private InProcessRuns() {}

  /** Runs {@code job} to its end against its target, with {@code work} as the run's folder. */
  static RunReport migrate(JobSpec job, Path work) throws Exception {
    try (CassandraTarget target = CassandraTarget.connect(job.target(), work);
        JobRun run = Migration.prepare(job, target, Clock.systemUTC(), true)) {
      return run.run();
    }
  }

  /**
   * Validates {@code job}'s target against its sources, in the test's JVM, finding and fixing
   * nothing else.
   */
  static RunReport validate(JobSpec job, Path work) throws Exception {
    try (CassandraTarget target = CassandraTarget.connect(job.target(), work);
        JobRun run =
            Validation.prepare(job, target, Clock.systemUTC(), true, ValidationSpec.checkOnly())) {
      return run.run();
    }
  }

  /**
   * The options block plan printed ({@code planOutput}), as printed, in place of {@code
   * unmapped}'s, followed by the mapping plan wrote to {@code mapping}; written to {@code jobFile}.
   */
  static JobSpec proposedJob(String unmapped, String planOutput, Path mapping, Path jobFile)
      throws IOException {
    Files.writeString(
        jobFile,
        unmapped.replaceFirst(
                "    options:\n(      .*\n)+",
                Matcher.quoteReplacement(proposedOptions(planOutput)))
            + Files.readString(mapping));
    return JobFiles.load(jobFile);
  }

  /** The options block of a source, as plan printed it. */
  static String proposedOptions(String planOutput) {
    String options = planOutput.substring(planOutput.indexOf("    options:\n"));
    return options.substring(0, options.indexOf("\n\n") + 1);
  }
}
