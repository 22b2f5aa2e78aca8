package io.sluice.formats.bson;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Documents that claim sizes no reader should allocate, read in a JVM with a 64 MiB heap (see the
 * module's pom): they are rejected with their position and reason, without the reader allocating
 * what they claim.
 */
class BsonMemoryTest {

  @TempDir Path dir;

  @Test
  void should_reject_a_document_claiming_two_gigabytes_without_allocating_them()
      throws IOException {
    List<Long> offsets = DumpFixtures.writeNumbered(dir.resolve("dump.bson"), 3, 10);
    Path file = dir.resolve("dump.bson");
    DumpFixtures.patch(
        file,
        offsets.get(1),
        ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(Integer.MAX_VALUE).array());

    List<SourceItem> items;
    try (Source source = DumpFixtures.source(file, Map.of())) {
      items = DumpFixtures.readAll(source);
    }

    assertThat(DumpFixtures.records(items)).hasSize(1);
    assertThat(DumpFixtures.malformed(items))
        .singleElement()
        .satisfies(bad -> assertThat(bad.position().offset()).isEqualTo(offsets.get(1)));
  }

  /**
   * Found by BsonDumpFuzzTest in a 48 MiB heap: the bson library allocated what the prefix said.
   */
  @Test
  void should_reject_a_binary_field_claiming_two_gigabytes_without_allocating_them()
      throws IOException {
    Path file = dir.resolve("dump.bson");
    List<Long> offsets = new ArrayList<>();
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int i = 0; i < 3; i++) {
        offsets.add(
            writer.write(new Document("_id", i).append("blob", new Binary(new byte[] {7}))));
      }
    }
    // The binary's length prefix follows its type byte 0x05 and its name "blob" and terminator.
    byte[] marker = {0x05, 'b', 'l', 'o', 'b', 0};
    long prefix = DumpFixtures.indexOf(file, offsets.get(1), marker) + marker.length;
    DumpFixtures.patch(
        file,
        prefix,
        ByteBuffer.allocate(4)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt(Integer.MAX_VALUE - 8)
            .array());

    List<SourceItem> items;
    try (Source source = DumpFixtures.source(file, Map.of())) {
      items = DumpFixtures.readAll(source);
    }

    assertThat(DumpFixtures.records(items)).hasSize(2);
    assertThat(DumpFixtures.malformed(items))
        .singleElement()
        .satisfies(
            bad -> {
              assertThat(bad.position().offset()).isEqualTo(offsets.get(1));
              assertThat(bad.reason()).contains("binary field 'blob' claims 2147483639 bytes");
            });
  }

  @Test
  void should_reject_a_document_over_the_16_mib_limit() throws IOException {
    Path file = dir.resolve("big.bson");
    // A length prefix of 32 MiB and as many bytes behind it: well formed in size, over MongoDB's
    // limit.
    int size = 32 * 1024 * 1024;
    try (var out = Files.newOutputStream(file)) {
      out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(size).array());
      byte[] chunk = new byte[1 << 20];
      for (int written = 4; written < size; written += chunk.length) {
        out.write(chunk, 0, Math.min(chunk.length, size - written));
      }
    }

    List<SourceItem> items;
    try (Source source = DumpFixtures.source(file, Map.of())) {
      items = DumpFixtures.readAll(source);
    }

    assertThat(DumpFixtures.records(items)).isEmpty();
    assertThat(DumpFixtures.malformed(items)).isNotEmpty();
    assertThat(DumpFixtures.malformed(items).get(0).position().offset()).isZero();
  }
}
