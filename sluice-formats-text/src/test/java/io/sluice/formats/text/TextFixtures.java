package io.sluice.formats.text;

import io.airlift.compress.zstd.ZstdOutputStream;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.Source;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/** Writes text fixtures and reads sources whole, for the tests of this module. */
final class TextFixtures {

  private TextFixtures() {}

  static Path write(Path file, String text) throws IOException {
    return write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code bytes}, gzipped or zstd-compressed when the name says so. */
  static Path write(Path file, byte[] bytes) throws IOException {
    Files.createDirectories(file.getParent());
    String name = file.getFileName().toString();
    try (OutputStream out = Files.newOutputStream(file)) {
      if (name.endsWith(".gz")) {
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
          gzip.write(bytes);
        }
      } else if (name.endsWith(".zst")) {
        try (ZstdOutputStream zstd = new ZstdOutputStream(out)) {
          zstd.write(bytes);
        }
      } else {
        out.write(bytes);
      }
    }
    return file;
  }

  static Source csv(Path dir, Map<String, Object> options, String... paths) {
    return new CsvSourceProvider()
        .create(
            new io.sluice.core.source.SourceSpec(
                "t", "csv", Arrays.asList(paths), null, null, options),
            dir);
  }

  static Source ndjson(Path dir, Map<String, Object> options, String... paths) {
    return new NdjsonSourceProvider()
        .create(
            new io.sluice.core.source.SourceSpec(
                "t", "ndjson", Arrays.asList(paths), null, null, options),
            dir);
  }

  /** Every item of every split, in plan order. */
  static List<SourceItem> readAll(Source source) {
    try {
      List<SourceItem> items = new ArrayList<>();
      for (Split split : source.plan()) {
        items.addAll(read(source, split));
      }
      return items;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<SourceItem> read(Source source, Split split) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    try (SplitReader reader = source.open(split)) {
      SourceItem item;
      while ((item = reader.next()) != null) {
        items.add(item);
      }
    }
    return items;
  }

  static List<Map<String, Object>> records(List<SourceItem> items) {
    return items.stream()
        .filter(Record.class::isInstance)
        .map(item -> ((Record) item).fields())
        .toList();
  }

  static List<MalformedRecord> rejects(List<SourceItem> items) {
    return items.stream()
        .filter(MalformedRecord.class::isInstance)
        .map(MalformedRecord.class::cast)
        .toList();
  }

  static List<String> reasons(List<SourceItem> items) {
    return rejects(items).stream().map(MalformedRecord::reason).toList();
  }
}
