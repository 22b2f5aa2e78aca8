package io.sluice.formats.bson;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/** Generates small dumps for tests and reads sources back. */
final class DumpFixtures {

  private DumpFixtures() {}

  /** A document of roughly {@code padding} bytes with {@code _id} = index. */
  static Document numbered(int index, int padding) {
    return new Document("_id", index)
        .append("name", "doc-" + index)
        .append("pad", "x".repeat(padding));
  }

  /** Writes {@code count} numbered documents and returns each one's offset. */
  static List<Long> writeNumbered(Path file, int count, int padding) throws IOException {
    List<Long> offsets = new ArrayList<>();
    try (BsonDumpWriter writer = BsonDumpWriter.create(file)) {
      for (int i = 0; i < count; i++) {
        offsets.add(writer.write(numbered(i, padding)));
      }
    }
    return offsets;
  }

  static BsonDumpSource source(Path path, Map<String, Object> options) {
    return new BsonDumpSource("test", List.of(path.toString()), path.getRoot(), options(options));
  }

  /** The options a job file's {@code options:} map gives, read as the provider reads them. */
  static BsonSourceOptions options(Map<String, Object> options) {
    return JobFiles.readPart(options, BsonSourceOptions.class, "source 'test' options");
  }

  /** Every item of every split, in plan order. */
  static List<SourceItem> readAll(Source source) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    for (Split split : source.plan()) {
      items.addAll(read(source, split));
    }
    return items;
  }

  static List<SourceItem> read(Source source, Split split) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    try (SplitReader reader = source.open(split)) {
      for (SourceItem item = reader.next(); item != null; item = reader.next()) {
        items.add(item);
      }
    }
    return items;
  }

  static List<Record> records(List<SourceItem> items) {
    return items.stream().filter(Record.class::isInstance).map(Record.class::cast).toList();
  }

  static List<MalformedRecord> malformed(List<SourceItem> items) {
    return items.stream()
        .filter(MalformedRecord.class::isInstance)
        .map(MalformedRecord.class::cast)
        .toList();
  }

  /** Overwrites bytes of a file in place. */
  static void patch(Path file, long offset, byte... bytes) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(offset);
      raf.write(bytes);
    }
  }

  /** Cuts a file to {@code size} bytes. */
  static void truncate(Path file, long size) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(size);
    }
  }

  /** The offset of the first occurrence of {@code needle} in the file at or after {@code from}. */
  static long indexOf(Path file, long from, byte[] needle) throws IOException {
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    outer:
    for (int i = (int) from; i <= bytes.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (bytes[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new IllegalArgumentException("not found");
  }
}
