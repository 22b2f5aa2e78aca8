package io.sluice.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every source must keep, as one test class each source's tests extend: every record
 * is read exactly once, splits are deterministic, disjoint and complete, a split reopened at any
 * record's {@link SourceItem#nextOffset()} continues without gap or duplicate (what resume relies
 * on), and malformed records come out as {@link MalformedRecord}s with their position while the
 * good ones are still read.
 *
 * <p>Fixtures hold records with a text field {@code id} ({@code r0}, {@code r1}, ...) and an
 * integer field {@code n}.
 */
public abstract class SourceContract {

  /** Records in the fixtures; enough to make several splits with {@link #writeRecords}. */
  protected static final int RECORDS = 2_000;

  @TempDir protected Path dir;

  /** The provider under test. */
  protected abstract SourceProvider provider();

  /**
   * Writes {@code count} good records into {@code dir} and returns a spec reading them in several
   * splits (set a small split size in its options).
   */
  protected abstract SourceSpec writeRecords(Path dir, int count) throws IOException;

  /**
   * Writes {@code count} records into {@code dir}, of which those at the {@code malformed} indexes
   * are damaged so that they cannot be read, and returns a spec reading them.
   */
  protected abstract SourceSpec writeWithMalformed(Path dir, int count, Set<Integer> malformed)
      throws IOException;

  private Source open(SourceSpec spec) {
    return provider().create(spec, dir);
  }

  private static List<SourceItem> readAll(Source source, Split split) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    try (SplitReader reader = source.open(split)) {
      SourceItem item;
      while ((item = reader.next()) != null) {
        items.add(item);
      }
    }
    return items;
  }

  private static String id(SourceItem item) {
    return String.valueOf(((Record) item).fields().get("id"));
  }

  private static List<String> expectedIds(int count) {
    return IntStream.range(0, count).mapToObj(i -> "r" + i).toList();
  }

  @Test
  void should_read_every_record_exactly_once_across_splits() throws IOException {
    try (Source source = open(writeRecords(dir, RECORDS))) {
      List<String> ids = new ArrayList<>();
      for (Split split : source.plan()) {
        readAll(source, split).forEach(item -> ids.add(id(item)));
      }

      assertThat(ids).containsExactlyInAnyOrderElementsOf(expectedIds(RECORDS));
    }
  }

  @Test
  void should_plan_the_same_disjoint_splits_every_time() throws IOException {
    SourceSpec spec = writeRecords(dir, RECORDS);
    try (Source first = open(spec);
        Source second = open(spec)) {
      List<Split> splits = first.plan();

      assertThat(splits).hasSizeGreaterThan(1);
      assertThat(second.plan()).isEqualTo(splits);
      Set<String> seen = new HashSet<>();
      for (Split split : splits) {
        for (SourceItem item : readAll(first, split)) {
          assertThat(seen.add(id(item))).as("record %s read by two splits", id(item)).isTrue();
        }
      }
    }
  }

  @Test
  void should_continue_without_gap_or_duplicate_from_any_record() throws IOException {
    try (Source source = open(writeRecords(dir, RECORDS))) {
      for (Split split : source.plan()) {
        List<SourceItem> whole = readAll(source, split);
        for (int cut : new int[] {0, 1, whole.size() / 2, whole.size() - 1}) {
          if (cut < 0 || cut >= whole.size()) {
            continue;
          }
          long resumeAt = whole.get(cut).nextOffset();
          Split rest =
              new Split(
                  split.source(),
                  split.index(),
                  split.resource(),
                  resumeAt,
                  split.end(),
                  split.work());

          List<String> resumed = readAll(source, rest).stream().map(SourceContract::id).toList();

          assertThat(resumed)
              .as("split %s resumed after record %d", split.id(), cut)
              .containsExactlyElementsOf(
                  whole.subList(cut + 1, whole.size()).stream().map(SourceContract::id).toList());
        }
      }
    }
  }

  @Test
  void should_reject_malformed_records_with_their_position_and_read_the_rest() throws IOException {
    Set<Integer> damaged = Set.of(3, 250, 777);
    try (Source source = open(writeWithMalformed(dir, 1_000, damaged))) {
      List<String> ids = new ArrayList<>();
      List<MalformedRecord> malformed = new ArrayList<>();
      for (Split split : source.plan()) {
        for (SourceItem item : readAll(source, split)) {
          if (item instanceof MalformedRecord bad) {
            malformed.add(bad);
          } else {
            ids.add(id(item));
          }
        }
      }

      assertThat(malformed).hasSize(damaged.size());
      assertThat(malformed)
          .allSatisfy(
              bad -> {
                assertThat(bad.position().resource()).isNotBlank();
                assertThat(bad.reason()).isNotBlank();
              });
      assertThat(malformed.stream().map(bad -> bad.position().offset()).collect(Collectors.toSet()))
          .hasSize(damaged.size());
      assertThat(ids)
          .containsExactlyInAnyOrderElementsOf(
              expectedIds(1_000).stream()
                  .filter(id -> !damaged.contains(Integer.parseInt(id.substring(1))))
                  .toList());
    }
  }
}
