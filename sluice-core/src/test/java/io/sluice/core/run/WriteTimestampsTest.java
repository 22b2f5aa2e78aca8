package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.SourceSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WriteTimestampsTest {

  private static SourceSpec source(String name, Instant timestamp, String field) {
    return new SourceSpec(name, "bson", List.of(name + ".bson"), timestamp, field, Map.of());
  }

  private static Record record(Map<String, Object> fields) {
    return new Record(new SourcePosition("f.bson", 0, null), fields, 10);
  }

  @Test
  void should_give_later_sources_without_timestamp_strictly_larger_ones() {
    List<WriteTimestamps> rules =
        WriteTimestamps.forSources(List.of(source("old", null, null), source("new", null, null)));

    assertThat(rules.get(0).fixedMicros()).isEqualTo(1);
    assertThat(rules.get(1).fixedMicros()).isGreaterThan(rules.get(0).fixedMicros());
  }

  @Test
  void should_use_explicit_timestamp_in_microseconds() {
    Instant dumpTime = Instant.parse("2024-06-30T00:00:00.123456Z");

    WriteTimestamps rule = WriteTimestamps.forSources(List.of(source("d", dumpTime, null))).get(0);

    assertThat(rule.timestampOf(record(Map.of()))).isEqualTo(1_719_705_600_123_456L);
  }

  @Test
  void should_refuse_explicit_timestamps_that_do_not_grow_down_the_list() {
    Instant newer = Instant.parse("2024-06-30T00:00:00Z");
    Instant older = Instant.parse("2024-01-31T00:00:00Z");

    assertThatThrownBy(
            () ->
                WriteTimestamps.forSources(
                    List.of(source("newer", newer, null), source("older", older, null))))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'older'")
        .hasMessageContaining("later than source 'newer'");
  }

  @Test
  void should_take_timestamp_from_nested_date_field() {
    WriteTimestamps rule =
        WriteTimestamps.forSources(List.of(source("d", null, "meta.updatedAt"))).get(0);
    Instant updated = Instant.parse("2023-03-01T10:00:00Z");

    long micros = rule.timestampOf(record(Map.of("meta", Map.of("updatedAt", updated))));

    assertThat(micros).isEqualTo(updated.toEpochMilli() * 1000);
  }

  @Test
  void should_reject_record_without_timestamp_field() {
    WriteTimestamps rule =
        WriteTimestamps.forSources(List.of(source("d", null, "updatedAt"))).get(0);

    assertThatThrownBy(() -> rule.timestampOf(record(Map.of("name", "x"))))
        .hasMessage("write-timestamp field 'updatedAt' is missing");
  }

  @Test
  void should_keep_pre_epoch_dates_exact() {
    WriteTimestamps rule = WriteTimestamps.forSources(List.of(source("d", null, "at"))).get(0);
    Instant before1970 = Instant.parse("1969-12-31T23:59:59.999Z");

    assertThat(rule.timestampOf(record(Map.of("at", before1970)))).isEqualTo(-1000L);
  }
}
