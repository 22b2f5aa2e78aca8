package io.sluice.core.run;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** A source over items held in memory, one split per list, for runner tests. */
final class InMemorySource implements Source {

  private final String name;
  private final List<List<SourceItem>> splits;
  private final int failAfter;
  private final Path file;
  private Set<String> fields;

  InMemorySource(String name, List<List<SourceItem>> splits) {
    this(name, splits, Integer.MAX_VALUE);
  }

  /** A source whose readers fail, as a vanished disk would, after {@code failAfter} items. */
  InMemorySource(String name, List<List<SourceItem>> splits, int failAfter) {
    this(name, splits, failAfter, null);
  }

  /** A source that says its items come from {@code file}, as a file source would. */
  InMemorySource(String name, List<List<SourceItem>> splits, int failAfter, Path file) {
    this.name = name;
    this.splits = splits;
    this.failAfter = failAfter;
    this.file = file;
  }

  /** The same source, saying up front that its records hold these fields, as a CSV header does. */
  InMemorySource withFields(String... names) {
    fields = new java.util.LinkedHashSet<>(List.of(names));
    return this;
  }

  @Override
  public Optional<Set<String>> knownFields() {
    return Optional.ofNullable(fields);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<Split> plan() {
    List<Split> plan = new ArrayList<>();
    for (int i = 0; i < splits.size(); i++) {
      // One unit of work an item, as the readers count it: like a compressed file, whose reader
      // consumes fewer file bytes than its records hold (the test records are 10 bytes each).
      plan.add(new Split(name, i, name, 0, Long.MAX_VALUE, splits.get(i).size()));
    }
    return plan;
  }

  @Override
  public Optional<Path> file(String resource) {
    return Optional.ofNullable(file);
  }

  @Override
  public SplitReader open(Split split) {
    List<SourceItem> items =
        splits.get(split.index()).stream()
            .filter(item -> item.position().offset() >= split.start())
            .toList();
    return new SplitReader() {
      private int next;

      @Override
      public SourceItem next() throws java.io.IOException {
        if (next >= failAfter) {
          throw new java.io.IOException("the disk went away");
        }
        return next < items.size() ? items.get(next++) : null;
      }

      @Override
      public long workDone() {
        return next;
      }

      @Override
      public void close() {}
    };
  }
}
