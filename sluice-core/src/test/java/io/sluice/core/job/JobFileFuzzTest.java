package io.sluice.core.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.mapping.Mapper;
import io.sluice.core.mapping.MappingException;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlTypeParser;
import io.sluice.core.schema.TableSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of the job-file reader and the mapping compiler with generated damage to a job that uses
 * every setting and every kind of column mapping ({@code seed-job.yaml}): spans deleted, lines
 * duplicated or swapped, YAML structure and odd scalars inserted. Whatever the file, loading it and
 * compiling its mapping either works or fails with one sentence ({@link JobFileException}, {@link
 * MappingException}); no other exception escapes, and no message is a Java internal one. Tries per
 * property: {@code jqwik.tries.default} (300 in the build; {@code bench/fuzz/run.sh} runs more).
 */
class JobFileFuzzTest {

  /** The build draws the same damage every run, so it never fails by chance. */
  private static final String FIXED_SEED = "20261123";

  private static final List<String> INSERTS =
      List.of(
          ": ",
          "- ",
          "{",
          "}",
          "[",
          "]",
          "\"",
          "'",
          ",",
          "\n",
          "\n  ",
          "\n    - ",
          "\t",
          "#",
          "&a ",
          "*a",
          "<<: *a",
          "!!binary ",
          "!!int ",
          "!!map ",
          "? ",
          "---\n",
          "...\n",
          "%YAML 1.1\n",
          "~",
          "null",
          "true",
          "-1",
          "0",
          "99999999999999999999",
          "1e400",
          "NaN",
          "\"\\uDFAA\"",
          "\u0000",
          "\uFEFF",
          "é",
          "columns:",
          "field: ",
          "type: ",
          "constant: ",
          "explode:",
          "filter:",
          "in: ",
          "equals: ",
          "concat: ",
          "hash: ",
          "size: ",
          "position: ",
          "path: ",
          "options: ",
          "flow: ",
          "max-errors: ",
          "target: ",
          "sources: ",
          "mapping: ",
          "table: ",
          "keyspace: ",
          "outage-patience: ",
          "latency-target: ",
          "batch: ",
          "-5ms",
          "1x",
          "101%",
          "[[[[[[[[[[",
          "{{{{{{{{{{",
          "phones[",
          "a..b",
          "[-999999999999]",
          "frozen<list<");

  private static List<String> seedLines;
  private static Path dir;

  @BeforeContainer
  static void setUp() throws IOException {
    try (InputStream seed = JobFileFuzzTest.class.getResourceAsStream("seed-job.yaml")) {
      seedLines = new String(seed.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
    dir = Files.createTempDirectory("sluice-job-fuzz");
  }

  @AfterContainer
  static void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** One edit: what to do, where (a fraction of the text or of its lines), and what to insert. */
  record Edit(int kind, double at, double to, String insert) {

    String applyTo(String text) {
      List<String> lines = new ArrayList<>(text.lines().toList());
      int position = (int) (at * text.length());
      int line = (int) (at * lines.size());
      switch (kind) {
        case 0 -> {
          int end = Math.min(text.length(), position + 1 + (int) (to * 40));
          return text.substring(0, position) + text.substring(end);
        }
        case 1 -> {
          return text.substring(0, position) + insert + text.substring(position);
        }
        case 2 -> {
          if (!lines.isEmpty()) {
            lines.add(line, lines.get(Math.min(line, lines.size() - 1)));
          }
        }
        case 3 -> {
          if (!lines.isEmpty()) {
            int other = (int) (to * lines.size());
            String moved = lines.get(Math.min(line, lines.size() - 1));
            lines.set(Math.min(line, lines.size() - 1), lines.get(other));
            lines.set(other, moved);
          }
        }
        default -> {
          int end = Math.min(text.length(), position + 1 + (int) (to * 8));
          return text.substring(0, position) + insert + text.substring(end);
        }
      }
      return String.join("\n", lines);
    }
  }

  @Provide
  Arbitrary<List<Edit>> edits() {
    Arbitrary<Edit> edit =
        Combinators.combine(
                Arbitraries.integers().between(0, 4),
                Arbitraries.doubles().between(0, 0.999).ofScale(3),
                Arbitraries.doubles().between(0, 0.999).ofScale(3),
                Arbitraries.of(INSERTS))
            .as(Edit::new);
    return edit.list().ofMinSize(1).ofMaxSize(4);
  }

  @Property(seed = FIXED_SEED)
  void a_damaged_job_file_loads_or_is_refused_in_a_sentence(@ForAll("edits") List<Edit> edits)
      throws IOException {
    String text = String.join("\n", seedLines);
    for (Edit edit : edits) {
      text = edit.applyTo(text);
    }
    Path file = dir.resolve("job.yaml");
    Files.writeString(file, text, StandardCharsets.UTF_8);

    JobSpec job;
    try {
      job = JobFiles.load(file);
    } catch (JobFileException e) {
      assertSentence(e);
      return;
    }
    try {
      job.flow().outagePatienceDuration();
      job.flow().latencyTargetDuration();
      job.flow().compaction().pollIntervalDuration();
      job.target().cluster();
      if (job.mapping() != null) {
        Mapper.compile(job.mapping(), TABLE);
      }
    } catch (MappingException | JobFileException e) {
      assertSentence(e);
    }
  }

  private static void assertSentence(RuntimeException e) {
    assertThat(e.getMessage())
        .as("the message of %s", e)
        .isNotBlank()
        .doesNotContain("Exception")
        .doesNotContain("Cannot invoke")
        .doesNotContain("because \"")
        .doesNotContain("io.sluice.");
  }

  private static final TableSchema TABLE = table();

  private static TableSchema table() {
    String[][] columns = {
      {"id", "text", "pk"},
      {"user_key", "text", "ck"},
      {"given_name", "text"},
      {"first_phone", "text"},
      {"last_phone", "text"},
      {"profile", "text"},
      {"status", "text"},
      {"signup", "timestamp"},
      {"email_count", "int"},
      {"origin", "text"},
      {"id_hash", "text"},
      {"row_key", "text"},
      {"seen_at", "timestamp"},
      {"seen_us", "bigint"},
      {"phone_index", "int"},
    };
    List<ColumnSchema> schema = new ArrayList<>();
    for (String[] column : columns) {
      ColumnSchema.Role role =
          column.length < 3
              ? ColumnSchema.Role.REGULAR
              : column[2].equals("pk")
                  ? ColumnSchema.Role.PARTITION_KEY
                  : ColumnSchema.Role.CLUSTERING;
      schema.add(new ColumnSchema(column[0], CqlTypeParser.parse(column[1]), role));
    }
    return new TableSchema("ks", "users", schema, false);
  }
}
