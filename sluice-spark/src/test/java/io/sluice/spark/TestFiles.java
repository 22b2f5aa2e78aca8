package io.sluice.spark;

import io.sluice.formats.bson.BsonDumpWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.Document;

/**
 * Source files of the Spark tests: rows {@code (id, name, n)}, with a record now and then whose
 * {@code n} cannot be mapped to a number.
 */
final class TestFiles {

  private TestFiles() {}

  /** Documents with ids from 0; every {@code badEvery}th (at 7 past) holds a text {@code n}. */
  static void writeDump(Path file, int documents, int badEvery) throws Exception {
    Files.createDirectories(file.getParent());
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int id = 0; id < documents; id++) {
        Object n = id % badEvery == 7 ? "not a number" : (Object) (id * 3L);
        writer.write(new Document("id", id).append("name", "bson " + id).append("n", n));
      }
    }
  }

  /**
   * CSV files {@code people-<f>.csv} with ids from 100,000; every {@code badEvery}th line (at 11
   * past) of each holds a text {@code n}.
   */
  static void writeCsv(Path folder, int files, int lines, int badEvery) throws Exception {
    Files.createDirectories(folder);
    for (int f = 0; f < files; f++) {
      StringBuilder text = new StringBuilder("id,name,n\n");
      for (int i = 0; i < lines; i++) {
        int id = 100_000 + f * lines + i;
        String n = i % badEvery == 11 ? "twelve" : Long.toString(id * 3L);
        text.append(id).append(",csv ").append(id).append(',').append(n).append('\n');
      }
      Files.writeString(folder.resolve("people-" + f + ".csv"), text);
    }
  }
}
