package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.checkpoint.JobFingerprint;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A table copy resumes after its source's cluster settings or pace changed, and not after what it
 * reads changed.
 */
class TableSourceFingerprintTest {

  @ParameterizedTest(name = "{0}: {1} -> resumable {2}")
  @CsvSource({
    "rows-per-second, 500, true",
    "contact-points, 10.0.0.9:9042, true",
    "fetch-size, 100, true",
    "consistency, ONE, true",
    "read-latency-ms, 0, true",
    "table, payments, false",
    "keyspace, other, false",
    "split-size-mib, 8, false",
    "columns, v, false"
  })
  void should_resume_after_a_change_of_how_the_table_is_reached_only(
      String option, String value, boolean resumable) {
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("keyspace", "shop");
    options.put("table", "orders");
    options.put("rows-per-second", 300);
    Map<String, Object> changed = new LinkedHashMap<>(options);
    changed.put(option, value);

    assertThat(fingerprint(changed).equals(fingerprint(options))).isEqualTo(resumable);
  }

  private static JobFingerprint fingerprint(Map<String, Object> options) {
    return JobFingerprint.of(
        new JobSpec(
            "copy",
            List.of(new SourceSpec("shop", "cassandra", List.of(), null, null, options)),
            new TargetSpec(null, null, null, "shop", "orders", null, null, null, null, null, null),
            null,
            null,
            null,
            null,
            Path.of("."),
            null));
  }
}
