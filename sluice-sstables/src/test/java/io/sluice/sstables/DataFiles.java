package io.sluice.sstables;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The names of the SSTable data files under a folder, for tests that check how they are named. */
final class DataFiles {

  private DataFiles() {}

  static List<String> namesUnder(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith("-Data.db"))
          .toList();
    }
  }
}
