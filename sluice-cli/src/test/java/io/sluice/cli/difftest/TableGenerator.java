package io.sluice.cli.difftest;

import io.sluice.cli.difftest.GeneratedTable.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Draws a table: a partition key of one or two columns, zero to three clustering columns each
 * ascending or descending, static columns when there are clustering columns, and one to seven
 * regular columns, of types {@link TypeGenerator} draws. A few column names need quoting in CQL (a
 * reserved word, capitals), as real schemas have them.
 */
final class TableGenerator {

  private TableGenerator() {}

  static GeneratedTable draw(Random random, String name) {
    TypeGenerator types = new TypeGenerator(random, name);
    Names names = new Names(random);
    List<Column> partition = new ArrayList<>();
    int partitionColumns = random.nextInt(100) < 75 ? 1 : 2;
    for (int i = 0; i < partitionColumns; i++) {
      partition.add(new Column(names.next("p"), types.key()));
    }
    int clusteringColumns = pick(random, 25, 40, 25, 10);
    int staticColumns = clusteringColumns > 0 ? pick(random, 40, 40, 20) : 0;
    List<Column> clustering = new ArrayList<>();
    List<Boolean> descending = new ArrayList<>();
    for (int i = 0; i < clusteringColumns; i++) {
      ColumnType type = types.key();
      clustering.add(new Column(names.next("k"), type));
      descending.add(random.nextInt(3) == 0);
    }
    List<Column> statics = new ArrayList<>();
    for (int i = 0; i < staticColumns; i++) {
      statics.add(new Column(names.next("s"), types.cell()));
    }
    List<Column> regulars = new ArrayList<>();
    int count = 1 + random.nextInt(7);
    for (int i = 0; i < count; i++) {
      regulars.add(new Column(names.next("c"), types.cell()));
    }
    return new GeneratedTable(
        name, types.types(), partition, clustering, descending, statics, regulars);
  }

  /** An index drawn with the given weights (in percent). */
  static int pick(Random random, int... weights) {
    int draw = random.nextInt(100);
    for (int i = 0; i < weights.length; i++) {
      draw -= weights[i];
      if (draw < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }

  /** Column names: mostly plain, now and then one CQL must quote. */
  private static final class Names {
    private static final List<String> QUOTED = List.of("\"select\"", "\"Mixed\"", "\"key\"");
    private final Random random;
    private final List<String> used = new ArrayList<>();

    Names(Random random) {
      this.random = random;
    }

    String next(String prefix) {
      String name = prefix + used.size();
      if (random.nextInt(12) == 0) {
        String quoted = QUOTED.get(random.nextInt(QUOTED.size()));
        if (!used.contains(quoted)) {
          name = quoted;
        }
      }
      used.add(name);
      return name;
    }
  }
}
