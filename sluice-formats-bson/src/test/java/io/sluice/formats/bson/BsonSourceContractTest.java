package io.sluice.formats.bson;

import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.testinfra.SourceContract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/** The BSON dump source keeps the contract every source keeps. */
class BsonSourceContractTest extends SourceContract {

  @Override
  protected SourceProvider provider() {
    return new BsonSourceProvider();
  }

  private static SourceSpec spec(Path file) {
    return new SourceSpec(
        "contract",
        "bson",
        List.of(file.toString()),
        null,
        null,
        Map.of("split-size", "8KiB", "split-cache", "false"));
  }

  @Override
  protected SourceSpec writeRecords(Path dir, int count) throws IOException {
    Path file = dir.resolve("records.bson");
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int i = 0; i < count; i++) {
        writer.write(new Document("id", "r" + i).append("n", i).append("note", "MARK" + i));
      }
    }
    return spec(file);
  }

  @Override
  protected SourceSpec writeWithMalformed(Path dir, int count, Set<Integer> malformed)
      throws IOException {
    Path file = dir.resolve("damaged.bson");
    List<Long> offsets = new ArrayList<>();
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int i = 0; i < count; i++) {
        offsets.add(
            writer.write(new Document("id", "r" + i).append("n", i).append("note", "MARK" + i)));
      }
    }
    byte[] bytes = Files.readAllBytes(file);
    for (int index : malformed) {
      byte[] marker = ("MARK" + index).getBytes(StandardCharsets.UTF_8);
      int from = offsets.get(index).intValue();
      for (int i = from; i < bytes.length - marker.length; i++) {
        if (Arrays.equals(bytes, i, i + marker.length, marker, 0, marker.length)) {
          bytes[i] = (byte) 0xFF; // invalid UTF-8: the document is damaged, its framing intact
          break;
        }
      }
    }
    Files.write(file, bytes);
    return spec(file);
  }
}
