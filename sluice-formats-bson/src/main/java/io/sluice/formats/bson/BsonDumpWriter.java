package io.sluice.formats.bson;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.UuidRepresentation;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.Codec;
import org.bson.codecs.DocumentCodec;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.conversions.Bson;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * Writes documents to a file in mongodump's layout: BSON documents back to back, gzip-compressed
 * when the file name ends in {@code .gz}. For demos and test fixtures; a real migration reads what
 * mongodump wrote. {@link java.util.UUID}s in {@link Document}s are written as standard (subtype 4)
 * UUIDs.
 */
public final class BsonDumpWriter implements Closeable {

  private static final Codec<Document> DOCUMENT_CODEC =
      new DocumentCodec(
          CodecRegistries.withUuidRepresentation(
              Bson.DEFAULT_CODEC_REGISTRY, UuidRepresentation.STANDARD));
  private static final BsonDocumentCodec BSON_DOCUMENT_CODEC = new BsonDocumentCodec();

  private final OutputStream out;
  private long bytesWritten;

  private BsonDumpWriter(OutputStream out) {
    this.out = out;
  }

  /** Creates (or truncates) {@code file}; gzips when its name ends in {@code .gz}. */
  public static BsonDumpWriter create(Path file) throws IOException {
    OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024);
    if (file.getFileName().toString().endsWith(".gz")) {
      out = new GZIPOutputStream(out, 64 * 1024);
    }
    return new BsonDumpWriter(out);
  }

  /** Writes a document and returns its offset in the uncompressed stream. */
  public long write(Document document) throws IOException {
    return writeRaw(new RawBsonDocument(document, DOCUMENT_CODEC));
  }

  /** Writes a document and returns its offset in the uncompressed stream. */
  public long write(BsonDocument document) throws IOException {
    return writeRaw(new RawBsonDocument(document, BSON_DOCUMENT_CODEC));
  }

  private long writeRaw(RawBsonDocument document) throws IOException {
    ByteBuffer bytes = document.getByteBuffer().asNIO();
    return writeBytes(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
  }

  /**
   * Writes bytes as they are, valid BSON or not (for fixtures of damaged dumps), and returns their
   * offset in the uncompressed stream.
   */
  public long writeBytes(byte[] bytes, int offset, int length) throws IOException {
    long at = bytesWritten;
    out.write(bytes, offset, length);
    bytesWritten += length;
    return at;
  }

  /** Bytes written so far, uncompressed. */
  public long bytesWritten() {
    return bytesWritten;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /**
   * Writes {@code <collection>.metadata.json} in {@code folder} as mongodump does: the collection's
   * name, its type and the default {@code _id} index, in extended JSON. The file name escapes
   * {@code %} and {@code /} as mongodump does.
   *
   * @return the file written
   */
  public static Path writeMetadata(Path folder, String collection) throws IOException {
    BsonDocument idIndex =
        new BsonDocument("v", new BsonInt32(2))
            .append("key", new BsonDocument("_id", new BsonInt32(1)))
            .append("name", new BsonString("_id_"));
    BsonDocument metadata =
        new BsonDocument("indexes", new BsonArray(List.of(idIndex)))
            .append("collectionName", new BsonString(collection))
            .append("type", new BsonString("collection"));
    String json =
        metadata.toJson(JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build());
    Path file = folder.resolve(CollectionNames.escape(collection) + ".metadata.json");
    Files.writeString(file, json, StandardCharsets.UTF_8);
    return file;
  }
}
