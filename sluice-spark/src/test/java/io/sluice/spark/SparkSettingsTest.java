package io.sluice.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SparkSettingsTest {

  private static JobSpec job(String spark) {
    return JobFiles.parse(
        "sources:\n  - type: csv\n    path: in.csv\n"
            + "target: {keyspace: ks, table: t}\n"
            + "mapping: {columns: {id: id}}\n"
            + spark,
        Path.of("/jobs/job.yaml"));
  }

  @Test
  void should_read_the_budget_servers_port_and_address() {
    SparkSettings settings =
        SparkSettings.of(job("spark: {budget-port: 7078, budget-bind-address: 0.0.0.0}\n"));
    assertThat(settings.budgetPortOrFree()).isEqualTo(7078);
    assertThat(settings.budgetBindAddress()).isEqualTo("0.0.0.0");
  }

  @Test
  void should_choose_a_free_port_by_default() {
    SparkSettings settings = SparkSettings.of(job(""));
    assertThat(settings.budgetPortOrFree()).isZero();
    assertThat(settings.budgetBindAddress()).isNull();
  }

  @Test
  void should_refuse_a_port_out_of_range() {
    assertThatThrownBy(() -> SparkSettings.of(job("spark: {budget-port: 70000}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessage(
            "spark.budget-port must be a port from 1 to 65535 (or 0 for a free one), not 70000.");
  }

  @Test
  void should_name_the_known_settings_when_one_is_unknown() {
    assertThatThrownBy(() -> SparkSettings.of(job("spark: {budget-host: x}\n")))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("unknown setting 'budget-host'")
        .hasMessageContaining("budget-bind-address");
  }
}
