package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSV file's header says which fields its records hold: a mapping that reads others is refused
 * before the first write, naming them, and a file with a header and nothing else is said to hold no
 * records.
 */
@RealCassandra
class CsvFieldsIT {

  @TempDir Path dir;

  @Test
  void should_refuse_a_mapping_that_reads_fields_the_header_lacks(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE misnamed (id text PRIMARY KEY, name text, age int)");
    Files.writeString(dir.resolve("people.csv"), "id,name,age\np1,Ada,36\np2,Bo,41\n");
    Path job =
        JobFile.write(
            dir,
            "misnamed",
            keyspace,
            "misnamed",
            "  - type: csv\n    path: people.csv\n",
            "mapping:\n  columns:\n    id: id\n    name: nmae\n    age: { field: years }\n");

    String refusal = CliRun.refusal(job);

    assertThat(refusal)
        .contains(
            "has no field 'nmae' (read by column 'name'), no field 'years' (read by column 'age');"
                + " its fields are id, name, age.");
    assertThat(session.execute("SELECT id FROM misnamed").all()).isEmpty();
  }

  @Test
  void should_say_that_a_file_with_only_a_header_held_no_records(
      CqlSession session, TestKeyspace keyspace) throws IOException {
    session.execute("CREATE TABLE header_only (id text PRIMARY KEY, name text)");
    Files.writeString(dir.resolve("empty.csv"), "id,name\n");
    Path job =
        JobFile.write(
            dir,
            "header-only",
            keyspace,
            "header_only",
            "  - type: csv\n    path: empty.csv\n",
            "mapping:\n  columns:\n    id: id\n    name: name\n");

    CliRun run = CliRun.of("migrate", job.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("The sources held no records");
  }
}
