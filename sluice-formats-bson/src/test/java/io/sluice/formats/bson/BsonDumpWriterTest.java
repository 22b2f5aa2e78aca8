package io.sluice.formats.bson;

import static io.sluice.formats.bson.DumpFixtures.readAll;
import static io.sluice.formats.bson.DumpFixtures.records;
import static io.sluice.formats.bson.DumpFixtures.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.source.Record;
import io.sluice.core.value.ObjectIdValue;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BsonDumpWriterTest {

  @TempDir Path dir;

  @Test
  void should_write_documents_the_source_reads_back() throws Exception {
    Path file = dir.resolve("mixed.bson");
    UUID uuid = UUID.randomUUID();
    ObjectId objectId = new ObjectId();
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      writer.write(
          new Document("_id", objectId)
              .append("uuid", uuid)
              .append("at", new Date(1_700_000_000_000L))
              .append("instant", Instant.ofEpochMilli(1_600_000_000_000L))
              .append("price", new Decimal128(new BigDecimal("9.99")))
              .append("tags", List.of("a", "b"))
              .append("address", new Document("city", "Lyon")));
      writer.write(new BsonDocument("_id", new BsonInt64(7)));
    }

    List<Record> records = records(readAll(source(file, Map.of())));

    assertThat(records.get(0).fields())
        .containsEntry("_id", new ObjectIdValue(objectId.toHexString()))
        .containsEntry("uuid", uuid)
        .containsEntry("at", Instant.ofEpochMilli(1_700_000_000_000L))
        .containsEntry("instant", Instant.ofEpochMilli(1_600_000_000_000L))
        .containsEntry("price", new BigDecimal("9.99"))
        .containsEntry("tags", List.of("a", "b"))
        .containsEntry("address", Map.of("city", "Lyon"));
    assertThat(records.get(0).position().id()).isEqualTo(objectId.toHexString());
    assertThat(records.get(1).fields()).containsEntry("_id", 7L);
  }

  @Test
  void should_write_mongodump_style_metadata() throws Exception {
    Path metadata = BsonDumpWriter.writeMetadata(dir, "audit/log");

    assertThat(metadata.getFileName().toString()).isEqualTo("audit%2flog.metadata.json");
    assertThat(
            new ObjectMapper().readTree(Files.readString(metadata)).get("collectionName").asText())
        .isEqualTo("audit/log");
  }
}
