package io.sluice.core.run;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TableOverride;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import io.sluice.core.source.Sources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The tables a job moves, each as a job of its own table: the job itself when it names one target
 * table; one job per table of a source that reads several (a keyspace's {@code tables:}), each into
 * the target table of the same name unless {@code per-table:} says otherwise; or one job per table
 * that sources of files name ({@code table:} on each source), with the sources that name it. Every
 * table's job shares the whole job's name, state folder, flow and budgets, so that one run takes
 * them all.
 *
 * @param tables each table's job, by target table, in the source's order
 * @param notCopied each source table the job's choice matched but leaves out, with why
 * @param several whether the job's source names several tables (even when its choice matched one
 *     table only): each table's job is then not the job itself
 * @param keyedByTarget whether {@code per-table:} names a table by its target name (sources that
 *     name their tables) rather than by the source's name for it (a keyspace's table, a collection)
 */
public record JobTables(
    Map<String, JobSpec> tables,
    Map<String, String> notCopied,
    boolean several,
    boolean keyedByTarget) {

  public JobTables {
    tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    notCopied = Collections.unmodifiableMap(new LinkedHashMap<>(notCopied));
  }

  /**
   * The tables of {@code job}; a source that names several tables is asked for them (a table source
   * reads its cluster's schema).
   *
   * @throws JobFileException with one sentence when the job's tables do not add up
   */
  public static JobTables of(JobSpec job) {
    if (job.sources().stream().anyMatch(source -> source.table() != null)) {
      return namedBySources(job);
    }
    List<SourceTables> listed = new ArrayList<>();
    for (SourceSpec source : job.sources()) {
      listed.add(Sources.tables(source, job.baseDir()));
    }
    if (listed.stream().noneMatch(SourceTables::several)) {
      return one(job);
    }
    if (job.sources().size() != 1) {
      throw new JobFileException(
          "A job whose source reads several tables has that one source only; split the other"
              + " sources into jobs of their own.");
    }
    if (job.target().table() != null || job.mapping() != null) {
      throw new JobFileException(
          "Source '"
              + job.sources().get(0).name()
              + "' reads several tables, so the target names a keyspace only: leave out"
              + " target.table and mapping, and say under per-table: where a table goes when not"
              + " to the table of the same name.");
    }
    if (!job.target().type().equalsIgnoreCase("cassandra")) {
      throw new JobFileException(
          "A job of several tables writes over CQL for now (target.type: cassandra), not to '"
              + job.target().type()
              + "'; write each table with a job of its own.");
    }
    SourceTables source = listed.get(0);
    checkOverrides(job, source);
    if (source.read().isEmpty()) {
      throw new JobFileException(
          "Source '"
              + job.sources().get(0).name()
              + "' matches no table it can copy"
              + (source.notRead().isEmpty() ? "" : " (left out: " + source.notRead() + ")")
              + ".");
    }
    Map<String, JobSpec> tables = new LinkedHashMap<>();
    source
        .read()
        .forEach(
            (table, spec) -> {
              TableOverride override = job.perTable().get(table);
              String target =
                  override == null || override.table() == null ? table : override.table();
              if (tables.containsKey(target)) {
                throw new JobFileException(
                    "Two source tables go to target table '"
                        + target
                        + "'; give one of them another under per-table:.");
              }
              tables.put(
                  target,
                  job.forTable(
                      spec,
                      job.target().withTable(target),
                      override == null ? null : override.mapping()));
            });
    return new JobTables(tables, source.notRead(), true, false);
  }

  /** A job whose sources each name their target table: a job per table, of those sources. */
  private static JobTables namedBySources(JobSpec job) {
    List<String> unnamed =
        job.sources().stream()
            .filter(source -> source.table() == null)
            .map(SourceSpec::name)
            .toList();
    if (!unnamed.isEmpty()) {
      throw new JobFileException(
          "Sources "
              + unnamed
              + " name no table: where some sources of a job name their target table (table:),"
              + " every source does.");
    }
    for (SourceSpec source : job.sources()) {
      if (Sources.tables(source, job.baseDir()).several()) {
        throw new JobFileException(
            "Source '"
                + source.name()
                + "' reads several tables by itself, so it names no table: of its own; give it a"
                + " job of its own.");
      }
    }
    refuseTableAndMapping(job, "sources name their tables");
    Map<String, List<SourceSpec>> byTable = new LinkedHashMap<>();
    for (SourceSpec source : job.sources()) {
      byTable
          .computeIfAbsent(source.table(), table -> new ArrayList<>())
          .add(source.withoutTable());
    }
    Set<String> unknown = new TreeSet<>(job.perTable().keySet());
    unknown.removeAll(byTable.keySet());
    if (!unknown.isEmpty()) {
      throw new JobFileException(
          "per-table: names "
              + unknown
              + ", which no source names; they name "
              + byTable.keySet()
              + ".");
    }
    Map<String, JobSpec> tables = new LinkedHashMap<>();
    byTable.forEach(
        (table, sources) -> {
          TableOverride override = job.perTable().get(table);
          if (override != null && override.table() != null) {
            throw new JobFileException(
                "per-table: gives table "
                    + table
                    + " another table ("
                    + override.table()
                    + "), but its sources name it: name the table on the sources.");
          }
          tables.put(
              table,
              job.forTable(
                  sources,
                  job.target().withTable(table),
                  override == null ? null : override.mapping()));
        });
    return new JobTables(tables, Map.of(), true, true);
  }

  private static void refuseTableAndMapping(JobSpec job, String why) {
    if (job.target().table() != null || job.mapping() != null) {
      throw new JobFileException(
          "The job's "
              + why
              + ", so the target names a keyspace only: leave out target.table and mapping, and"
              + " give each table's mapping under per-table:.");
    }
    if (!job.target().type().equalsIgnoreCase("cassandra")) {
      throw new JobFileException(
          "A job of several tables writes over CQL for now (target.type: cassandra), not to '"
              + job.target().type()
              + "'; write each table with a job of its own.");
    }
  }

  private static JobTables one(JobSpec job) {
    if (job.target().table() == null) {
      throw new JobFileException("The job needs 'target:' with a 'keyspace' and a 'table'.");
    }
    if (!job.perTable().isEmpty()) {
      throw new JobFileException(
          "per-table: applies to a source that reads several tables (tables:); this job reads"
              + " one, so give its table and mapping under target: and mapping:.");
    }
    return new JobTables(Map.of(job.target().table(), job), Map.of(), false, false);
  }

  /** The name {@code per-table:} gives the table that goes to target table {@code table}. */
  public String perTableKey(String table) {
    return keyedByTarget ? table : tables.get(table).sources().get(0).name();
  }

  private static void checkOverrides(JobSpec job, SourceTables source) {
    Set<String> unknown = new TreeSet<>(job.perTable().keySet());
    unknown.removeAll(source.read().keySet());
    if (!unknown.isEmpty()) {
      throw new JobFileException(
          "per-table: names "
              + unknown
              + ", which the source does not read; it reads "
              + source.read().keySet()
              + ".");
    }
  }
}
