package io.sluice.cli.difftest;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.cli.difftest.CellComparison.Scope;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential test of table copies (README.md beside it): for each seed, a generated table on
 * the second cluster, filled by generated writes, is copied to the first cluster over CQL and as
 * SSTables; both copies are compared with the source cell by cell (value, write time, TTL), then
 * validated (no difference), then one of them is damaged and validated with {@code --repair}: the
 * damaged rows, and only they, are found and repaired, and a last validation finds nothing.
 *
 * <p>The build runs {@value #BUILD_SEEDS} seeds from {@value #FIRST_SEED}; {@code
 * -Dsluice.diff.seeds=N} runs N seeds from {@code -Dsluice.diff.first-seed} (default {@value
 * #FIRST_SEED}), and {@code -Dsluice.diff.seed=S} the one seed a failure printed (or several,
 * {@code S1,S2}).
 */
@RealCassandra
class GeneratedSchemaDiffIT {

  static final long FIRST_SEED = 1;
  static final int BUILD_SEEDS = 3;

  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> copies_validates_and_repairs_generated_tables(
      CqlSession session, TestKeyspace keyspace, SecondCluster source) {
    return seeds()
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> check(GeneratedCase.draw(seed), session, keyspace, source)));
  }

  private static LongStream seeds() {
    String some = System.getProperty("sluice.diff.seed");
    if (some != null && !some.isBlank()) {
      return Arrays.stream(some.split(",")).mapToLong(s -> Long.parseUnsignedLong(s.trim()));
    }
    long first = Long.getLong("sluice.diff.first-seed", FIRST_SEED);
    int count = Integer.getInteger("sluice.diff.seeds", BUILD_SEEDS);
    return LongStream.range(first, first + count);
  }

  private void check(
      GeneratedCase generated, CqlSession session, TestKeyspace keyspace, SecondCluster source)
      throws Exception {
    long start = System.nanoTime();
    CaseRun run = new CaseRun(generated, session, keyspace, source);
    try {
      run.check();
    } catch (Throwable failure) {
      throw new AssertionError(
          failure.getMessage()
              + "\n\nTo reproduce, on the source cluster:\n"
              + generated.reproduction()
              + run.damageText(),
          failure);
    }
    run.drop();
    System.out.printf(
        "seed %d: %d source rows, %d statements, passed in %.1f s%n",
        generated.seed(),
        run.sourceRows,
        generated.writes().size(),
        (System.nanoTime() - start) / 1e9);
  }

  /** One case, from its source table to its repaired copy. */
  private final class CaseRun {
    private final GeneratedCase generated;
    private final GeneratedTable table;
    private final CqlSession target;
    private final TestKeyspace keyspace;
    private final SecondCluster source;
    private final Path jobs;
    private List<String> damage = List.of();
    int sourceRows;

    CaseRun(GeneratedCase generated, CqlSession target, TestKeyspace keyspace, SecondCluster source)
        throws Exception {
      this.generated = generated;
      this.table = generated.table();
      this.target = target;
      this.keyspace = keyspace;
      this.source = source;
      this.jobs = Files.createDirectories(dir.resolve(table.name()));
    }

    void check() throws Exception {
      create();
      for (String write : generated.writes()) {
        try {
          source.session().execute(write);
        } catch (RuntimeException e) {
          throw new AssertionError(
              "The generator drew a statement Cassandra refuses: " + write + "\n" + e, e);
        }
      }
      String cql = table.name() + "_cql";
      String sst = table.name() + "_sst";
      copy(cql, false);
      copy(sst, true);
      validateClean(cql);
      validateClean(sst);

      String damaged = generated.seed() % 2 == 0 ? cql : sst;
      damage = TargetDamage.apply(target, damaged, table, new Random(~generated.seed()));
      CellComparison.Differences differing =
          CellComparison.of(
              source.session(), table.name(), target, damaged, table, Scope.VALIDATION);
      int expected = differing.sourceRowsDiffering().size();
      int fewest = differing.fewestFoundByRepair();
      DiffJobs.Run repair =
          DiffJobs.sluice(
              "validate", job(damaged).toString(), "--repair", "--repair-timestamp", "now");
      JsonNode totals = DiffJobs.validation(jobs, damaged).get("totals");
      assertThat(repair.exitCode())
          .as("validate --repair of the damaged %s:\n%s\n%s", damaged, differing, repair)
          .isEqualTo(expected == 0 ? ExitCodes.OK : ExitCodes.COMPLETED_WITH_ERRORS);
      int found = totals.get("differences").asInt();
      assertThat(found)
          .as(
              "differences validate --repair found in %s, where these rows were damaged:\n%s\n%s",
              damaged, differing, DiffJobs.validation(jobs, damaged).get("findings"))
          .isBetween(fewest, expected);
      assertThat(totals.get("repaired").asInt())
          .as("rows repaired in %s: %s", damaged, DiffJobs.validation(jobs, damaged))
          .isEqualTo(found);
      validateClean(damaged);
      CellComparison.Differences repaired =
          CellComparison.of(source.session(), table.name(), target, damaged, table, Scope.VALUES);
      assertThat(repaired.none())
          .as("values of %s after the repair differ from the source:\n%s", damaged, repaired)
          .isTrue();
    }

    private void create() {
      for (UserType type : table.types()) {
        execute(source.session(), type.create());
        execute(target, type.create());
      }
      execute(source.session(), table.createTable(table.name()));
      execute(target, table.createTable(table.name() + "_cql"));
      execute(target, table.createTable(table.name() + "_sst"));
    }

    private void copy(String targetTable, boolean sstables) throws Exception {
      Path job = job(targetTable, sstables);
      DiffJobs.Run run = DiffJobs.sluice("migrate", job.toString());
      assertThat(run.exitCode())
          .as("migrate into %s: %s\n%s", targetTable, run, DiffJobs.rejects(jobs, targetTable))
          .isEqualTo(ExitCodes.OK);
      CellComparison.Differences differences =
          CellComparison.of(source.session(), table.name(), target, targetTable, table, Scope.COPY);
      assertThat(differences.none())
          .as("%s differs from the source:\n%s", targetTable, differences)
          .isTrue();
      sourceRows = differences.sourceRows();
      JsonNode counts = DiffJobs.counts(jobs, targetTable);
      assertThat(counts.get("records-read").asInt())
          .as("records read into %s: %s", targetTable, counts)
          .isEqualTo(sourceRows);
      assertThat(counts.get("rows-written").asInt())
          .as("rows written into %s: %s", targetTable, counts)
          .isEqualTo(sourceRows);
      assertThat(
              counts.get("rows-failed").asInt()
                  + counts.get("rejected-decode").asInt()
                  + counts.get("rejected-mapping").asInt())
          .as("rows failed or rejected into %s: %s", targetTable, counts)
          .isZero();
    }

    /** A validation of the copy finds every source row, and each matching. */
    private void validateClean(String targetTable) throws Exception {
      DiffJobs.Run run = DiffJobs.sluice("validate", job(targetTable).toString());
      JsonNode validation = DiffJobs.validation(jobs, targetTable);
      assertThat(run.exitCode())
          .as("validate %s: %s\n%s", targetTable, run, validation)
          .isEqualTo(ExitCodes.OK);
      JsonNode totals = validation.get("totals");
      assertThat(totals.get("rows-checked").asInt())
          .as("rows validate checked in %s: %s", targetTable, validation)
          .isEqualTo(sourceRows);
      assertThat(totals.get("matching").asInt())
          .as("rows matching in %s: %s", targetTable, validation)
          .isEqualTo(sourceRows);
    }

    private Path job(String targetTable) {
      return jobs.resolve(targetTable + ".yaml");
    }

    private Path job(String targetTable, boolean sstables) throws Exception {
      return DiffJobs.write(
          jobs,
          targetTable,
          source.keyspace(),
          table.name(),
          keyspace,
          targetTable,
          generated,
          sstables);
    }

    String damageText() {
      return damage.isEmpty()
          ? ""
          : "\nThen, on the damaged copy:\n" + String.join("\n", damage) + "\n";
    }

    /** Drops the case's tables and types once it passed; a failed case's are kept to look at. */
    void drop() {
      for (CqlSession cluster : List.of(source.session(), target)) {
        for (String name : List.of(table.name(), table.name() + "_cql", table.name() + "_sst")) {
          execute(cluster, "DROP TABLE IF EXISTS " + name);
        }
        for (int t = table.types().size() - 1; t >= 0; t--) {
          execute(cluster, "DROP TYPE IF EXISTS " + table.types().get(t).name());
        }
      }
    }
  }

  private static SimpleStatement schema(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
  }

  private static void execute(CqlSession session, String cql) {
    session.execute(schema(cql));
  }
}
