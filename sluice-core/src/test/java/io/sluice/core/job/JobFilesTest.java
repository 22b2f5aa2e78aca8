package io.sluice.core.job;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job file that does not read as a job is refused in the file's own terms. */
class JobFilesTest {

  private static final String JOB =
      """
      sources:
        - type: csv
          path: people.csv
      target:
        keyspace: ks
        table: people
      """;

  @TempDir Path dir;

  private Path write(String yaml) throws IOException {
    return Files.writeString(dir.resolve("job.yaml"), yaml);
  }

  @Test
  void should_refuse_a_decimal_where_a_whole_number_is_asked_rather_than_cut_it()
      throws IOException {
    Path job = write(JOB + "flow:\n  workers: 1.5\n");

    assertThatThrownBy(() -> JobFiles.load(job))
        .isInstanceOf(JobFileException.class)
        .hasMessageEndingWith("line 8: 'flow.workers' must be a whole number, not '1.5'");
  }

  @Test
  void should_name_the_setting_and_what_it_must_be_when_a_value_has_the_wrong_kind()
      throws IOException {
    Path job = write(JOB + "flow:\n  workers: many\n");

    assertThatThrownBy(() -> JobFiles.load(job))
        .isInstanceOf(JobFileException.class)
        .hasMessageEndingWith("line 8: 'flow.workers' must be a whole number, not 'many'");
  }

  @Test
  void should_say_a_section_was_expected_without_naming_java_types() throws IOException {
    Path job = write("- just\n- a list\n");

    assertThatThrownBy(() -> JobFiles.load(job))
        .isInstanceOf(JobFileException.class)
        .hasMessageEndingWith(
            "line 1: the job file must be a section of 'key: value' settings, not a list");
  }

  @Test
  void should_say_which_setting_a_list_cannot_fill() throws IOException {
    Path job = write(JOB + "max-errors: [1, 2]\n");

    assertThatThrownBy(() -> JobFiles.load(job))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("'max-errors' must be")
        .hasMessageEndingWith(", not a list");
  }

  /** Found by JobFileFuzzTest: a key given twice was refused with a message about Java fields. */
  @Test
  void should_refuse_a_key_given_twice() throws IOException {
    Path job = write(JOB + "mapping:\n  columns:\n    id: a\n  columns:\n    id: b\n");

    assertThatThrownBy(() -> JobFiles.load(job))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("line 10")
        .hasMessageContaining("Duplicate field 'columns'");
  }

  @Test
  void should_give_the_sentence_of_a_settings_own_check() throws IOException {
    Path job = write(JOB + "flow:\n  batch: sometimes\n");

    assertThatThrownBy(() -> JobFiles.load(job))
        .isInstanceOf(JobFileException.class)
        .hasMessageEndingWith(
            "in 'flow': flow.batch must be 'none', 'partition' or 'replica', not sometimes");
  }
}
