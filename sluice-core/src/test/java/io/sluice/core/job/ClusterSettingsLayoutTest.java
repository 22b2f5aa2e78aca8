package io.sluice.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Why the records that hold a cluster's settings list its keys themselves instead of holding a
 * {@link ClusterSpec} through {@code @JsonUnwrapped}: Jackson reads an unwrapped record component,
 * but then takes a mistyped key without a word, where the reader of a flat record names it. When
 * this test fails, Jackson has learnt to refuse them, and the holders can hold a {@code
 * ClusterSpec}.
 */
class ClusterSettingsLayoutTest {

  record Unwrapped(String keyspace, @JsonUnwrapped ClusterSpec cluster) {}

  record Flat(String keyspace, List<String> contactPoints) {}

  @Test
  void should_take_an_unknown_key_silently_beside_an_unwrapped_record() {
    Unwrapped read =
        JobFiles.readPart(
            Map.of("keyspace", "shop", "contact-point", List.of("10.0.0.5:9042")),
            Unwrapped.class,
            "target");

    assertThat(read.keyspace()).isEqualTo("shop");
  }

  @Test
  void should_name_an_unknown_key_of_a_flat_record() {
    assertThatThrownBy(
            () ->
                JobFiles.readPart(
                    Map.of("keyspace", "shop", "contact-point", List.of("10.0.0.5:9042")),
                    Flat.class,
                    "target"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("unknown setting 'contact-point'");
  }
}
