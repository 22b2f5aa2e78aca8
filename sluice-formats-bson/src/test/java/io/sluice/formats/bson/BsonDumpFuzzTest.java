package io.sluice.formats.bson;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.testinfra.FuzzInputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.bson.Document;
import org.bson.types.Binary;
import org.bson.types.ObjectId;

/**
 * Fuzzing of the dump reader: a small valid dump (nested documents, arrays, strings, numbers,
 * binary, dates, ObjectIds) with a few bytes overwritten where lengths, types and terminators sit,
 * and cut short at a random place. Whatever the damage, the reader returns documents and rejects
 * with rising positions and a reason, and nothing else escapes it. Tries per property: {@code
 * jqwik.tries.default} (300 in the build; {@code bench/fuzz/run.sh} runs more).
 */
class BsonDumpFuzzTest {

  /**
   * The build draws the same inputs every run, so it never fails by chance; a longer run ({@code
   * bench/fuzz/run.sh}) draws many more from the same seed.
   */
  private static final String FIXED_SEED = "20261123";

  private static Path dir;
  private static byte[] seed;

  @BeforeContainer
  static void writeSeed() throws IOException {
    dir = FuzzInputs.createFolder("sluice-bson-fuzz");
    Path file = dir.resolve("seed.bson");
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int i = 0; i < 4; i++) {
        writer.write(
            new Document("_id", new ObjectId(new Date(1_700_000_000_000L + i), i))
                .append("name", "doc-" + i + "-é")
                .append("n", i * 1_000_000_007L)
                .append("x", i / 3.0)
                .append("tags", List.of("a", "b", i))
                .append("inner", new Document("k", i).append("deep", new Document("z", true)))
                .append("bin", new Binary(new byte[] {1, 2, (byte) i}))
                .append("at", new Date(1_700_000_000_000L * i)));
      }
    }
    seed = Files.readAllBytes(file);
  }

  @AfterContainer
  static void deleteFolder() throws IOException {
    FuzzInputs.deleteFolder(dir);
  }

  /** The seed with up to eight bytes overwritten where lengths, types and terminators sit. */
  @Provide
  Arbitrary<byte[]> damagedDump() {
    return FuzzInputs.damagedCopies(
        seed,
        Arbitraries.oneOf(
            Arbitraries.of((byte) 0x00, (byte) 0xFF, (byte) 0x7F, (byte) 0x80, (byte) 0xC3),
            Arbitraries.bytes().between((byte) 0x01, (byte) 0x13),
            Arbitraries.bytes()));
  }

  @Property(seed = FIXED_SEED)
  void reads_or_rejects_every_document(@ForAll("damagedDump") byte[] content) throws IOException {
    Path file = Files.write(dir.resolve("fuzz.bson"), content);
    try (Source source = DumpFixtures.source(file, Map.of())) {
      long previous = -1;
      for (SourceItem item : DumpFixtures.readAll(source)) {
        assertThat(item).isInstanceOfAny(Record.class, MalformedRecord.class);
        assertThat(item.position().offset()).isGreaterThan(previous);
        assertThat(item.nextOffset()).isGreaterThan(item.position().offset());
        previous = item.position().offset();
        if (item instanceof MalformedRecord malformed) {
          assertThat(malformed.reason()).isNotBlank();
        }
      }
    }
  }
}
