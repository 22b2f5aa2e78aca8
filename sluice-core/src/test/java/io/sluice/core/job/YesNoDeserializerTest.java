package io.sluice.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class YesNoDeserializerTest {

  record Toggle(@JsonDeserialize(using = YesNoDeserializer.class) Boolean enabled) {}

  private static Toggle read(Object value) {
    return JobFiles.readPart(Map.of("enabled", value), Toggle.class, "source 's' options");
  }

  @ParameterizedTest
  @CsvSource({"true, true", "yes, true", "On, true", "false, false", "NO, false", "off, false"})
  void should_read_true_yes_on_and_false_no_off_in_any_case(String text, boolean value) {
    assertThat(read(text).enabled()).isEqualTo(value);
  }

  @Test
  void should_read_yaml_booleans() {
    assertThat(read(true).enabled()).isTrue();
    assertThat(read(false).enabled()).isFalse();
  }

  @Test
  void should_name_the_setting_when_the_value_is_not_true_or_false() {
    assertThatThrownBy(() -> read("maybe"))
        .isInstanceOf(JobFileException.class)
        .hasMessage("source 's' options: 'enabled' must be true or false, not 'maybe'.");
    assertThatThrownBy(() -> read(List.of(true)))
        .hasMessage("source 's' options: 'enabled' must be true or false, not a list.");
  }
}
