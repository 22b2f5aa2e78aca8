package io.sluice.formats.parquet;

import io.sluice.core.job.JobFiles;
import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reading whole sources in tests. */
final class Reads {

  private Reads() {}

  static ParquetSource source(Path baseDir, List<String> paths, Map<String, Object> options) {
    return new ParquetSource("test", paths, baseDir, options(options));
  }

  /** The options a job file's {@code options:} map gives, read as the provider reads them. */
  static ParquetSourceOptions options(Map<String, Object> options) {
    return JobFiles.readPart(options, ParquetSourceOptions.class, "source 'test' options");
  }

  /** Every item of every split, in plan order. */
  static List<SourceItem> all(ParquetSource source) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    for (Split split : source.plan()) {
      items.addAll(split(source, split));
    }
    return items;
  }

  static List<SourceItem> split(ParquetSource source, Split split) throws IOException {
    List<SourceItem> items = new ArrayList<>();
    try (SplitReader reader = source.open(split)) {
      SourceItem item;
      while ((item = reader.next()) != null) {
        items.add(item);
      }
    }
    return items;
  }

  /** The fields of every record of one file read with default options. */
  static List<Map<String, Object>> rows(Path file) throws IOException {
    return records(all(source(file.getParent(), List.of(file.toString()), Map.of()))).stream()
        .map(Record::fields)
        .toList();
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
}
