package io.sluice.formats.bson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works out which collection a dump file holds, the way mongorestore does: the {@code
 * collectionName} of the {@code <stem>.metadata.json} (or {@code .metadata.json.gz}) beside it when
 * there is one, since mongodump shortens and escapes long or odd names in file names; else the file
 * name without {@code .bson} or {@code .bson.gz}, with {@code %XX} escapes decoded.
 */
final class CollectionNames {

  private static final Logger LOG = LoggerFactory.getLogger(CollectionNames.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private CollectionNames() {}

  /** Whether the file name marks a dump file: {@code .bson} or {@code .bson.gz}. */
  static boolean isDumpFile(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".bson") || name.endsWith(".bson.gz");
  }

  static boolean isGzipped(Path file) {
    return file.getFileName().toString().endsWith(".gz");
  }

  /** The file name without {@code .bson.gz}, {@code .bson} or {@code .gz}. */
  static String stem(Path file) {
    String name = file.getFileName().toString();
    for (String suffix : new String[] {".bson.gz", ".bson", ".gz"}) {
      if (name.endsWith(suffix) && name.length() > suffix.length()) {
        return name.substring(0, name.length() - suffix.length());
      }
    }
    return name;
  }

  static String collectionOf(Path file) {
    String stem = stem(file);
    for (String suffix : new String[] {".metadata.json", ".metadata.json.gz"}) {
      Path metadata = file.resolveSibling(stem + suffix);
      if (Files.isRegularFile(metadata)) {
        String name = fromMetadata(metadata);
        if (name != null) {
          return name;
        }
      }
    }
    return unescape(stem);
  }

  private static String fromMetadata(Path metadata) {
    try (InputStream raw = Files.newInputStream(metadata);
        InputStream in = metadata.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
      JsonNode name = JSON.readTree(in).path("collectionName");
      return name.isTextual() && !name.asText().isEmpty() ? name.asText() : null;
    } catch (IOException | RuntimeException e) {
      LOG.warn("Ignoring unreadable {}: {}", metadata, e.getMessage());
      return null;
    }
  }

  /** Escapes a collection name for a file name as mongodump does: {@code %} and {@code /}. */
  static String escape(String collection) {
    return collection.replace("%", "%25").replace("/", "%2f");
  }

  /** Decodes mongodump's {@code %XX} escapes (it writes {@code /} as {@code %2f}). */
  static String unescape(String stem) {
    if (stem.indexOf('%') < 0) {
      return stem;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] raw = stem.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < raw.length; i++) {
      int high = i + 2 < raw.length ? Character.digit(raw[i + 1], 16) : -1;
      int low = i + 2 < raw.length ? Character.digit(raw[i + 2], 16) : -1;
      if (raw[i] == '%' && high >= 0 && low >= 0) {
        bytes.write(high << 4 | low);
        i += 2;
      } else {
        bytes.write(raw[i]);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
