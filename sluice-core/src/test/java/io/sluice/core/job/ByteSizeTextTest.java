package io.sluice.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ByteSizeTextTest {

  @ParameterizedTest
  @CsvSource({
    "1048576, 1048576",
    "512KiB, 524288",
    "512 kb, 524288",
    "64MiB, 67108864",
    "64m, 67108864",
    "2GiB, 2147483648",
    "10B, 10"
  })
  void should_read_sizes_in_binary_units(String text, long bytes) {
    assertThat(ByteSizeText.parse(text, "split-size")).isEqualTo(bytes);
  }

  @Test
  void should_name_the_setting_when_the_text_is_not_a_size_of_at_least_one_byte() {
    assertThatThrownBy(() -> ByteSizeText.parse("lots", "split-size"))
        .hasMessage("split-size must be a byte count such as 67108864 or 64MiB, not 'lots'");
    assertThatThrownBy(() -> ByteSizeText.parse("0", "split-size"))
        .hasMessage("split-size must be at least 1 byte");
    assertThatThrownBy(() -> ByteSizeText.parse("99999999999999999999", "split-size"))
        .hasMessage("split-size '99999999999999999999' is too large");
    assertThatThrownBy(() -> ByteSizeText.parse("9999999999GiB", "split-size"))
        .hasMessage("split-size '9999999999GiB' is too large");
  }
}
