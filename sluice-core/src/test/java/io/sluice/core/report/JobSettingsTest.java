package io.sluice.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.source.SourceSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobSettingsTest {

  /** Values that must never be shown, set where a careless option could carry them. */
  static final String[] SECRETS = {"hunter2", "s3cr3t-key", "tok-123", "urlpass"};

  /** A job's settings with secrets in a source's free-form options. */
  static JsonNode settingsWithSecrets() {
    SourceSpec source =
        new SourceSpec(
            "people",
            "csv",
            List.of("people.csv"),
            null,
            null,
            Map.of(
                "password", "hunter2",
                "api-key", "s3cr3t-key",
                "session_token", "tok-123",
                "endpoint", "https://loader:urlpass@files.example/people",
                "token-range", List.of(-100, 100),
                "keyspace", "shop"));
    TargetSpec target =
        new TargetSpec(
            "cassandra",
            List.of("127.0.0.1:9042"),
            "datacenter1",
            "shop",
            "people",
            "loader",
            "CASS_PW",
            null,
            null,
            null,
            null);
    return JobSettings.of(
        new JobSpec(
            "people",
            List.of(source),
            target,
            null,
            null,
            null,
            Path.of("state"),
            Path.of("."),
            null));
  }

  @Test
  void should_hide_what_names_a_secret_and_show_where_a_password_comes_from() {
    String shown = settingsWithSecrets().toString();

    assertThat(shown).doesNotContain(SECRETS);
    assertThat(shown)
        .contains("\"password-env\":\"CASS_PW\"")
        .contains("\"username\":\"loader\"")
        .contains("https://(hidden)@files.example/people")
        .contains("\"token-range\":[-100,100]")
        .contains("\"keyspace\":\"shop\"");
  }

  @Test
  void should_tell_secret_names_from_their_sources() {
    assertThat(JobSettings.secretName("password")).isTrue();
    assertThat(JobSettings.secretName("keystore-password")).isTrue();
    assertThat(JobSettings.secretName("password-env")).isFalse();
    assertThat(JobSettings.secretName("password-file")).isFalse();
    assertThat(JobSettings.secretName("keyspace")).isFalse();
    assertThat(JobSettings.secretName("token-range")).isFalse();
    assertThat(JobSettings.secretName("write-timestamp")).isFalse();
  }
}
