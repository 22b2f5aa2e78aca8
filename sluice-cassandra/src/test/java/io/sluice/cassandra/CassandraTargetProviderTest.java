package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.sink.Targets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CassandraTargetProviderTest {

  @Test
  void should_name_the_known_target_types_when_the_job_names_another() {
    TargetSpec spec =
        new TargetSpec("kafka", null, null, "ks", "t", null, null, null, null, null, null);

    assertThatThrownBy(() -> Targets.connect(spec, Path.of(".")))
        .isInstanceOf(JobFileException.class)
        .hasMessage("target.type 'kafka' is not a known target type; known types: [cassandra].");
  }
}
