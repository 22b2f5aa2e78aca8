package io.sluice.cli.demo;

import io.sluice.formats.bson.BsonDumpWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the demo's mongodump-format file of person profiles, unless it is already there. */
public final class DemoDump {

  private static final long SEED = 20_240_601L;

  private DemoDump() {}

  /**
   * Makes {@code dumpFolder/people.bson} with {@code documents} profiles and its {@code
   * people.metadata.json}, as {@code mongodump} lays them out. An existing file of the same
   * document count is kept, so repeated demos load the same data.
   */
  public static Path write(Path dumpFolder, int documents) throws IOException {
    Path file = dumpFolder.resolve("people.bson");
    Path marker = dumpFolder.resolve(".documents");
    if (Files.exists(file)
        && Files.exists(marker)
        && Files.readString(marker).strip().equals(Integer.toString(documents))) {
      return file;
    }
    Files.createDirectories(dumpFolder);
    Path partial = dumpFolder.resolve("people.bson.partial");
    PersonProfiles profiles = new PersonProfiles(SEED);
    try (BsonDumpWriter writer = BsonDumpWriter.create(partial)) {
      for (int i = 0; i < documents; i++) {
        writer.write(profiles.next(i));
      }
    }
    Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    BsonDumpWriter.writeMetadata(dumpFolder, "people");
    Files.writeString(marker, Integer.toString(documents));
    return file;
  }
}
