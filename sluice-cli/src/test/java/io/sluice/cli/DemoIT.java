package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.sluice.flags.ExitCodes;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice demo} runs the real pipeline end to end and shows what it moved. */
@RealCassandra
class DemoIT {

  @TempDir Path home;

  @Test
  void should_migrate_the_generated_dump_and_read_it_back(
      CqlSession session, TestKeyspace keyspace) {
    String previous = System.setProperty("sluice.home", home.toString());
    try {
      CliRun run =
          CliRun.of("demo", "--documents", "5000", "--contact-point", keyspace.hostAndPort());

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
      assertThat(run.out())
          .contains("Job demo-people: completed")
          .contains("Rows written      5,000 of 5,000")
          .contains("Read back 5,000 rows from demo.people");
    } finally {
      if (previous == null) {
        System.clearProperty("sluice.home");
      } else {
        System.setProperty("sluice.home", previous);
      }
    }
    Row row =
        session
            .execute(
                "SELECT given_name, emails, address, writetime(given_name), updated_at"
                    + " FROM demo.people LIMIT 1")
            .one();
    assertThat(row.getString("given_name")).isNotBlank();
    assertThat(row.getList("emails", String.class)).isNotEmpty();
    assertThat(row.getUdtValue("address").getString("city")).isNotBlank();
    assertThat(row.getLong(3)).isEqualTo(row.getInstant("updated_at").toEpochMilli() * 1000);
  }
}
