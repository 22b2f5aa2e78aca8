package io.sluice.testinfra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** What the readers' fuzz tests (jqwik properties, {@code *FuzzTest}) share. */
public final class FuzzInputs {

  private FuzzInputs() {}

  /**
   * Copies of {@code seed}, a valid file, with up to eight bytes overwritten by values of {@code
   * bytes}, and one time in three cut short at a random place.
   */
  public static Arbitrary<byte[]> damagedCopies(byte[] seed, Arbitrary<Byte> bytes) {
    Arbitrary<List<Integer>> positions =
        Arbitraries.integers().between(0, seed.length - 1).list().ofMinSize(1).ofMaxSize(8);
    Arbitrary<List<Byte>> values = bytes.list().ofSize(8);
    Arbitrary<Integer> length = Arbitraries.integers().between(0, seed.length);
    return Combinators.combine(positions, values, length, Arbitraries.of(true, false, false))
        .as(
            (at, written, cut, truncate) -> {
              byte[] damaged = seed.clone();
              for (int i = 0; i < at.size(); i++) {
                damaged[at.get(i)] = written.get(i);
              }
              return truncate ? Arrays.copyOf(damaged, cut) : damaged;
            });
  }

  /** A new folder for a fuzz class's files: jqwik has no {@code @TempDir}. */
  public static Path createFolder(String prefix) throws IOException {
    return Files.createTempDirectory(prefix);
  }

  /** Deletes the folder and everything in it. */
  public static void deleteFolder(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
