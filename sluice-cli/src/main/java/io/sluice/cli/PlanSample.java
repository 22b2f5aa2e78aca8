package io.sluice.cli;

import io.sluice.core.job.JobSpec;
import io.sluice.core.run.SourceSampler;
import io.sluice.core.run.WriteTimestamps;
import io.sluice.core.source.CellTimesSource;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code sluice plan} reads of one table's sources: it says what each holds (splits, size,
 * write timestamp) and keeps a sample of their records.
 *
 * @param records up to the sample size of records, from the first source on
 * @param work the sources' whole size in their own units (bytes of files), or -1 when a source only
 *     guesses its size
 */
record PlanSample(List<Record> records, long work) {

  PlanSample {
    records = List.copyOf(records);
  }

  /** Says what each source holds, and reads up to {@code sampleSize} records from them. */
  static PlanSample read(JobSpec job, List<Source> sources, int sampleSize, PrintWriter out)
      throws IOException {
    List<WriteTimestamps> timestamps = WriteTimestamps.forSources(job.sources());
    List<Record> sample = new ArrayList<>();
    long work = 0;
    for (int i = 0; i < sources.size(); i++) {
      Source source = sources.get(i);
      SourceSpec sourceSpec = job.sources().get(i);
      List<Split> splits = source.plan();
      long bytes = splits.stream().mapToLong(Split::work).sum();
      // A guessed size would scale the sample to an invented output size: none is said then.
      work = source.sizeKnown() && work >= 0 ? work + bytes : -1;
      out.printf(
          "Source %s (%s): %d split(s), %s, write timestamp %s%n",
          source.name(),
          sourceSpec.type(),
          splits.size(),
          source.sizeKnown()
              ? String.format("%.1f MB", bytes / 1e6)
              : "size not known yet (the cluster has no size estimates for it)",
          source instanceof CellTimesSource timed
              ? timed.writeTimes()
              : describe(sourceSpec, timestamps.get(i)));
      source.planLines(splits).forEach(line -> out.println("  " + line));
      if (sample.size() < sampleSize) {
        sample.addAll(SourceSampler.sample(source, splits, sampleSize - sample.size()));
      }
    }
    out.printf("Sampled %,d record(s).%n", sample.size());
    return new PlanSample(sample, work);
  }

  private static String describe(SourceSpec source, WriteTimestamps rule) {
    if (rule.fromField()) {
      return "from field '" + source.writeTimestampField() + "'";
    }
    String instant = Instant.EPOCH.plusNanos(rule.fixedMicros() * 1000).toString();
    return source.writeTimestamp() != null
        ? instant
        : instant + " (set write-timestamp to the dump's time to order it against other jobs)";
  }
}
