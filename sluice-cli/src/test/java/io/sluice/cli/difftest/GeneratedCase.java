package io.sluice.cli.difftest;

import java.util.List;
import java.util.Random;

/**
 * One case of the differential test, drawn from its seed alone: a table, the statements that fill
 * it on the source cluster, and the settings of the jobs that copy it (small pages and segments
 * some of the time, so that paging and segment boundaries fall between rows of a partition).
 *
 * @param seed what the case is drawn from
 * @param table the table
 * @param writes the statements filling the source table, in order
 * @param fetchSize the source's {@code fetch-size}
 * @param workers the job's {@code flow.workers}
 * @param segmentRows the SSTables target's {@code segment-rows}
 */
public record GeneratedCase(
    long seed,
    GeneratedTable table,
    List<String> writes,
    int fetchSize,
    int workers,
    int segmentRows) {

  public GeneratedCase {
    writes = List.copyOf(writes);
  }

  /** The case of {@code seed}: the same seed always draws the same case. */
  public static GeneratedCase draw(long seed) {
    Random random = new Random(seed);
    GeneratedTable table = TableGenerator.draw(random, "g" + Long.toUnsignedString(seed));
    List<String> writes = WriteGenerator.draw(random, table);
    int fetchSize = List.of(2, 7, 5000).get(random.nextInt(3));
    int workers = 1 + random.nextInt(2);
    int segmentRows = random.nextBoolean() ? 3 : 100_000;
    return new GeneratedCase(seed, table, writes, fetchSize, workers, segmentRows);
  }

  /**
   * What reproduces the case by hand: the seed, the job settings, and the statements to paste into
   * cqlsh on the source (the copies are created with the same {@code CREATE TABLE}).
   */
  public String reproduction() {
    StringBuilder text =
        new StringBuilder("Seed ")
            .append(Long.toUnsignedString(seed))
            .append(" (rerun: -Dsluice.diff.seed=")
            .append(Long.toUnsignedString(seed))
            .append("), fetch-size ")
            .append(fetchSize)
            .append(", workers ")
            .append(workers)
            .append(", segment-rows ")
            .append(segmentRows)
            .append("\n");
    table.create(table.name()).forEach(s -> text.append(s).append(";\n"));
    writes.forEach(s -> text.append(s).append(";\n"));
    return text.toString();
  }
}
