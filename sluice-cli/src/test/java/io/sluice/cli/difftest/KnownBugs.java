package io.sluice.cli.difftest;

import io.sluice.cli.difftest.ColumnType.Kind;
import java.util.List;
import java.util.Set;

/**
 * Bugs of the copy that this test found, reported and not yet fixed (README.md, "Bugs found"). So
 * that every other part of a case is still checked, the generator steers clear of what cannot be
 * copied at all or comes out changed, and the comparison tolerates, and counts, the one difference
 * that is everywhere. {@code -Dsluice.diff.strict=true} turns all of this off, to check a fix: the
 * seeds then draw other cases.
 */
final class KnownBugs {

  /** Whether this run draws and judges as if the bugs were fixed. */
  static final boolean STRICT = Boolean.getBoolean("sluice.diff.strict");

  /**
   * Map keys that a table source reads as text and the mapping cannot turn back into the key's
   * type, so that every row holding one is rejected (bug 1): blobs, floats with more digits than a
   * float, and (below) frozen collections, tuples and user-defined types; or that comes back as
   * another key: a double's -0.0 becomes 0.0.
   */
  private static final Set<String> UNCOPYABLE_KEY_SCALARS = Set.of("blob", "float", "double");

  private KnownBugs() {}

  /** Whether maps may have keys of {@code type}. */
  static boolean mapKeyAllowed(ColumnType type) {
    return STRICT || type.kind() == Kind.SCALAR && !UNCOPYABLE_KEY_SCALARS.contains(type.scalar());
  }

  /**
   * Whether a clustering column of a table with static columns may be of {@code type}. Not a frozen
   * list, set or map (bug 2): a partition of static cells only reads its missing clustering value
   * as an empty collection, and the row is rejected (or, when every clustering column is such a
   * collection, copied as a row keyed by empty collections).
   */
  static boolean staticTableClusteringAllowed(ColumnType type) {
    return STRICT || !frozenCollection(type);
  }

  /**
   * Whether a static column may be of {@code type}. Not a non-frozen list (bug 3): each row of the
   * partition writes it whole again at the same time, and its elements are repeated once a row.
   */
  static boolean staticAllowed(ColumnType type) {
    return STRICT || !(type.kind() == Kind.LIST && type.multiCell());
  }

  /**
   * Whether every row of {@code table} is given a regular cell newer than every deletion (bug 5): a
   * row holding nothing but its key is lost when its partition's static columns include a
   * non-frozen set or map (which are written by updates, and an update makes no row).
   */
  static boolean keepsRowsAlive(GeneratedTable table) {
    return !STRICT
        && table.statics().stream()
            .anyMatch(
                c -> c.type().multiCell() && List.of(Kind.SET, Kind.MAP).contains(c.type().kind()));
  }

  /**
   * Whether values may hold IPv4-mapped IPv6 addresses as such (bug 4): the copy stores them as
   * IPv4 addresses, other bytes, so that in a key they make another row.
   */
  static boolean mappedAddressesAllowed() {
    return STRICT;
  }

  /**
   * The known difference a source value and its copy show in a column of {@code type}, or {@code
   * null} when theirs is not one (or when the run is strict). Bug 2 again: a frozen list, set or
   * map the source lacks, as a column or inside a type or tuple, is read as an empty one, and the
   * copy holds that empty collection.
   */
  static String of(ColumnType type, CellText source, CellText copy) {
    if (STRICT) {
      return null;
    }
    if (frozenCollection(type) && source.strict().equals(CellText.NULL) && copy.emptyCollection()) {
      return "a frozen collection the source row lacks is copied as an empty one";
    }
    if (source.lenient().equals(copy.lenient())
        && count(source.strict(), CellText.NULL) > count(copy.strict(), CellText.NULL)) {
      return "a frozen collection missing inside a value is copied as an empty one";
    }
    return null;
  }

  private static boolean frozenCollection(ColumnType type) {
    return type.frozen() && List.of(Kind.LIST, Kind.SET, Kind.MAP).contains(type.kind());
  }

  private static int count(String text, String word) {
    int count = 0;
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      count++;
    }
    return count;
  }
}
