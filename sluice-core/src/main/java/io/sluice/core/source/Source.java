package io.sluice.core.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A place records come from: a set of files or a table.
 *
 * <p>Lifecycle: a source is created from its {@link SourceSpec} by a {@link SourceProvider}, {@link
 * #plan planned} once, then each split is {@link #open opened} by one worker. Readers of different
 * splits run concurrently, so {@link #open} must be thread-safe. {@link #close} releases anything
 * the source holds once all readers are closed.
 */
public interface Source extends AutoCloseable {

  /** The source's name in the job, used in reports, rejects and checkpoints. */
  String name();

  /**
   * Splits the source into deterministic slices. Planning an unchanged source twice gives equal
   * splits, so a checkpoint written for one plan applies to the next.
   */
  List<Split> plan() throws IOException;

  /**
   * Plans a resumed run, given the splits the earlier run saved for this source (in index order,
   * with their start, end and resource; their work as 0). A source whose plan depends on what
   * changes between runs (a table's size estimates) returns the saved splits, with their work
   * estimated again, so that the resume reads exactly what is left; it refuses them with a sentence
   * when they do not cover what the job now asks for. By default the source plans again, and the
   * runner checks that the plan did not change.
   */
  default List<Split> plan(List<Split> saved) throws IOException {
    return plan();
  }

  /**
   * Does early what reading the source needs before its first split, once for the run (an HBase
   * snapshot's restore): the CLI calls it right after creating the source, while the target
   * connects, instead of leaving it to the first split. Nothing by default; what it makes, {@link
   * #close} removes.
   */
  default void prepareReading() throws IOException {}

  /** Opens a reader positioned at the start of the split. */
  SplitReader open(Split split) throws IOException;

  /**
   * Where a reader reopened with {@link #open(Split, String)} continues right after {@code item},
   * an item a reader of this source returned. Opaque to the runner, which saves it in the
   * checkpoint; it must depend on the item's place alone (its position, next offset and {@link
   * Record#positionAfter()}, never a record's fields, which the runner does not keep: see {@link
   * Record#placeOnly()}), as the runner asks only for the last item it committed, and only when it
   * saves. By default the record's own {@link Record#positionAfter()} when it has one, else the
   * item's {@link SourceItem#nextOffset()}.
   */
  default String positionAfter(SourceItem item) {
    if (item instanceof Record record && record.positionAfter() != null) {
      return record.positionAfter();
    }
    return Long.toString(item.nextOffset());
  }

  /**
   * Opens a reader at {@code position}, a value {@link #positionAfter} gave for an item of the same
   * split, or at the split's start when it is null. The default reads the position as an offset in
   * the split's own unit, as every byte- or row-addressed source writes it; a source with positions
   * of another shape overrides both.
   */
  default SplitReader open(Split split, String position) throws IOException {
    if (position == null) {
      return open(split);
    }
    long offset;
    try {
      offset = Long.parseLong(position);
    } catch (NumberFormatException e) {
      throw new IOException(
          "the saved position '"
              + position
              + "' of split "
              + split.id()
              + " is not one this source writes; run with --fresh to start over");
    }
    return open(split.from(offset));
  }

  /**
   * Whether the values of this source's records carry their own types (numbers, booleans, dates):
   * true for BSON, JSON and Parquet. A source whose values are all text (CSV) says false, and
   * {@code plan} then infers a type from what the text reads as.
   */
  default boolean typesItsValues() {
    return true;
  }

  /**
   * The top-level fields the records of this source hold, when the source knows them before reading
   * a record: a CSV file's header (or its {@code columns} option), a Parquet schema; over several
   * files, the fields any of them has. Empty when a record may hold any field (BSON, NDJSON). A run
   * refuses, before its first record, a mapping that reads a field the source does not have.
   */
  default Optional<Set<String>> knownFields() throws IOException {
    return Optional.empty();
  }

  /**
   * Records built from the source's own schema, one per file, each field holding a value of the
   * kind the source's records hold there (a zero, empty text); empty when the source has no schema
   * (CSV, NDJSON, BSON). {@code plan} infers a mapping from them when the source holds no record.
   */
  default List<Record> schemaSamples() throws IOException {
    return List.of();
  }

  /**
   * Whether the work of the splits planned last ({@link Split#work()}) is measured (file sizes, a
   * cluster's size estimates) rather than guessed: a table whose nodes have no size estimates yet
   * is planned with a guess for each split, and progress then shows rows and rates, with no percent
   * done or ETA.
   */
  default boolean sizeKnown() {
    return true;
  }

  /**
   * Lines {@code sluice plan} prints under the source's count of splits, about {@code splits} (what
   * {@link #plan} gave): how the source cut what it reads, when a count does not say it (a large
   * HBase region cut into several splits). None by default.
   */
  default List<String> planLines(List<Split> splits) {
    return List.of();
  }

  /**
   * The local file a split's resource names, if it is one. A resumed run compares its {@link
   * ContentDigest} with the one saved, to refuse a file replaced by another of the same size.
   */
  default Optional<Path> file(String resource) {
    return Optional.empty();
  }

  /**
   * The 1-based line of a text file where the record at {@code position} starts, for reject lines
   * of records that were read but not written (a mapping or the target refused them): the reader's
   * own rejects already name it. Empty for sources without lines, and where finding it would mean
   * reading a compressed file again.
   */
  default OptionalLong lineOf(SourcePosition position) {
    return OptionalLong.empty();
  }

  @Override
  default void close() throws IOException {}
}
