package io.sluice.cassandra.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.JobFiles;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code counter-tables:} as a job file gives it, read the way the table source reads it. */
class TableSourceOptionsTest {

  private static TableSourceOptions read(Object counterTables) {
    Map<String, Object> options = new HashMap<>();
    options.put("keyspace", "shop");
    options.put("tables", List.of("*"));
    if (counterTables != null) {
      options.put("counter-tables", counterTables);
    }
    return JobFiles.readPart(options, TableSourceOptions.class, "source 'shop' options");
  }

  @Test
  void should_skip_counter_tables_unless_asked() {
    assertThat(read(null).copiesCounters()).isFalse();
    assertThat(read(null).counterTables()).isEqualTo("skip");
    assertThat(read("skip").copiesCounters()).isFalse();
  }

  @Test
  void should_copy_counter_tables_when_asked() {
    assertThat(read("copy").copiesCounters()).isTrue();
  }

  @Test
  void should_refuse_another_word_saying_which_it_takes() {
    assertThatThrownBy(() -> read("yes"))
        .isInstanceOf(JobFileException.class)
        .hasMessageContaining("source 'shop' options")
        .hasMessageContaining("counter-tables must be 'skip' or 'copy', not 'yes'");
  }
}
