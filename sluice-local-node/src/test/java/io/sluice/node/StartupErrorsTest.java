package io.sluice.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartupErrorsTest {

  private static final Path SYSTEM_LOG = Path.of("/node/logs/system.log");
  private static final Path STDOUT_LOG = Path.of("/node/logs/stdout.log");

  /** What Cassandra 5.0.9 logged when the Statistics.db of system.local held garbage. */
  private static final List<String> CORRUPT_STATISTICS =
      List.of(
          "INFO  [main] 2026-11-22 01:46:44,101 ColumnFamilyStore.java:502 - Initializing"
              + " system.local",
          "ERROR [SSTableBatchOpen:1] 2026-11-22 01:46:45,662 DefaultFSErrorHandler.java:129 -"
              + " Exiting forcefully due to file system exception on startup, disk failure policy"
              + " \"die\"",
          "org.apache.cassandra.io.sstable.CorruptSSTableException: Corrupted:"
              + " /node/data/system/local-7ad5/nb-8-big-Statistics.db",
          "\tat org.apache.cassandra.io.sstable.metadata.MetadataSerializer"
              + ".maybeValidateChecksum(MetadataSerializer.java:225)",
          "\tat java.base/java.lang.Thread.run(Thread.java:840)",
          "Caused by: java.io.IOException: Checksums do not match for"
              + " /node/data/system/local-7ad5/nb-8-big-Statistics.db",
          "\t... 17 common frames omitted");

  private static final List<String> CORRUPT_DATA =
      List.of(
          "ERROR [main] 2026-11-22 01:46:00,760 CassandraDaemon.java:887 - Exception encountered"
              + " during startup",
          "java.lang.NullPointerException: Cannot invoke \"FileDataInput.getPath()\" because"
              + " \"file\" is null",
          "\tat org.apache.cassandra.io.sstable.AbstractSSTableIterator.<init>"
              + "(AbstractSSTableIterator.java:163)",
          "INFO  [main] 2026-11-22 01:46:00,761 Something.java:1 - after");

  @Test
  void should_summarize_an_error_event_without_its_stack_trace() {
    assertThat(StartupErrors.errors(CORRUPT_STATISTICS))
        .containsExactly(
            "Exiting forcefully due to file system exception on startup, disk failure policy"
                + " \"die\": org.apache.cassandra.io.sstable.CorruptSSTableException: Corrupted:"
                + " /node/data/system/local-7ad5/nb-8-big-Statistics.db (caused by"
                + " java.io.IOException: Checksums do not match for"
                + " /node/data/system/local-7ad5/nb-8-big-Statistics.db)");
  }

  @Test
  void should_find_fatal_errors() {
    assertThat(StartupErrors.fatal(StartupErrors.errors(CORRUPT_STATISTICS), false)).isPresent();
    assertThat(StartupErrors.fatal(StartupErrors.errors(CORRUPT_DATA), false)).isPresent();
  }

  @Test
  void should_treat_corruption_as_fatal_only_when_the_policy_ends_the_node() {
    List<String> errors =
        List.of("Corrupt sstable /node/data/ks/t-1/nb-2-big=[Data.db]; skipping table");

    assertThat(StartupErrors.fatal(errors, true)).isPresent();
    assertThat(StartupErrors.fatal(errors, false)).isEmpty();
  }

  @Test
  void should_not_call_an_ignored_replay_error_fatal() {
    List<String> errors =
        StartupErrors.errors(
            List.of(
                "ERROR [main] 2026-11-22 01:45:47,075 CommitLogReplayer.java:536 - Ignoring"
                    + " commit log replay error likely due to incomplete flush to disk",
                "org.apache.cassandra.db.commitlog.CommitLogReadHandler$CommitLogReadException:"
                    + " Could not read commit log descriptor in file /node/commitlog/CommitLog-7-1.log"));

    assertThat(StartupErrors.fatal(errors, true)).isEmpty();
  }

  @Test
  void should_blame_the_data_files_when_the_stack_goes_through_sstable_code() {
    assertThat(StartupErrors.blamesDataFiles(CORRUPT_DATA)).isTrue();
    assertThat(StartupErrors.blamesDataFiles(CORRUPT_STATISTICS)).isTrue();
    assertThat(
            StartupErrors.blamesDataFiles(
                List.of("ERROR [main] 2026-11-22 01:46:00,760 X.java:1 - Address in use")))
        .isFalse();
  }

  @Test
  void should_quote_the_fatal_error_and_name_the_log() {
    String explanation =
        StartupErrors.explain(
            StartupErrors.errors(CORRUPT_DATA), List.of(), SYSTEM_LOG, STDOUT_LOG);

    assertThat(explanation)
        .isEqualTo(
            "Cassandra's log says: \"Exception encountered during startup:"
                + " java.lang.NullPointerException: Cannot invoke \"FileDataInput.getPath()\""
                + " because \"file\" is null\". Details are in /node/logs/system.log.");
  }

  @Test
  void should_quote_the_jvm_when_cassandra_logged_nothing() {
    List<String> stdout =
        List.of(
            "WARNING: A terminally deprecated method in java.lang.System has been called",
            "Error occurred during initialization of VM",
            "Could not reserve enough space for 921600000000KB object heap");

    String explanation =
        StartupErrors.explain(List.of(), StartupErrors.jvmErrors(stdout), SYSTEM_LOG, STDOUT_LOG);

    assertThat(explanation)
        .isEqualTo(
            "Java says: \"Error occurred during initialization of VM\"; \"Could not reserve enough"
                + " space for 921600000000KB object heap\". Details are in /node/logs/stdout.log.");
  }

  @Test
  void should_name_both_logs_when_there_is_nothing_to_quote() {
    assertThat(StartupErrors.explain(List.of(), List.of(), SYSTEM_LOG, STDOUT_LOG))
        .isEqualTo("Details are in /node/logs/system.log and /node/logs/stdout.log.");
  }

  @Test
  void should_shorten_very_long_messages() {
    String longMessage = "x".repeat(1000);
    List<String> errors =
        StartupErrors.errors(
            List.of("ERROR [main] 2026-11-22 01:46:00,760 X.java:1 - " + longMessage));

    assertThat(errors.get(0)).hasSize(400).endsWith("...");
  }
}
