package io.sluice.cli;

import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.flags.ExitCodes;
import io.sluice.sstables.SstableStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice stream job.yaml}: the second phase of a job whose target is {@code type: sstables}:
 * loads the files {@code migrate} wrote into the live cluster, to the datacenters the job names and
 * no other.
 */
@Command(
    name = "stream",
    description =
        "Load the SSTables 'migrate' wrote for a job with target type sstables into the live"
            + " cluster, into the datacenters named in target.options.datacenters only; resumes"
            + " where a stopped run left off.")
final class StreamCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
  Path jobFile;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    JobSpec job = JobFiles.load(jobFile);
    if (!job.target().type().equals("sstables")) {
      spec.commandLine()
          .getErr()
          .printf(
              "Job %s writes over CQL (target type %s): there are no SSTables to stream. Set"
                  + " target.type: sstables to write files instead.%n",
              job.name(), job.target().type());
      return ExitCodes.ABORTED;
    }
    PrintWriter out = spec.commandLine().getOut();
    SstableStream.run(job, out);
    return ExitCodes.OK;
  }
}
