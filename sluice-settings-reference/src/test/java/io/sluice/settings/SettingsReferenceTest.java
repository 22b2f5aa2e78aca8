package io.sluice.settings;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/settings.md} is what the declarations give. With {@code -Dsluice.settings.write=true}
 * the test rewrites it instead.
 */
class SettingsReferenceTest {

  @Test
  void should_find_the_settings_reference_up_to_date() throws IOException {
    Path page = Path.of(System.getProperty("sluice.settings.file", "../docs/settings.md"));
    String generated = SettingsReference.generate();
    if (Boolean.getBoolean("sluice.settings.write")) {
      Files.writeString(page, generated);
      return;
    }
    String written = Files.exists(page) ? Files.readString(page) : "";
    if (!written.equals(generated)) {
      fail(
          "%s is stale: it differs from what the settings' declarations give, first at line %d."
              + " Rewrite it with%n  %s",
          page, firstDifference(written, generated), SettingsReference.WRITE_COMMAND);
    }
  }

  private static int firstDifference(String written, String generated) {
    List<String> left = written.lines().toList();
    List<String> right = generated.lines().toList();
    int line = 0;
    while (line < left.size() && line < right.size() && left.get(line).equals(right.get(line))) {
      line++;
    }
    return line + 1;
  }
}
