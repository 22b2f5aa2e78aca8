package io.sluice.formats.bson;

import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.SourceTables;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The tables of a {@code type: bson} source with {@code tables: per-collection}: each collection
 * its files hold (as {@link DumpFileResolver} finds them, {@code collection:} still choosing which)
 * is a table named after it, read by the spec of a source of that collection alone. A collection
 * whose files hold no document is left out with why: there is nothing to copy, and nothing for
 * {@code sluice plan} to infer its table from.
 */
final class CollectionTables {

  private CollectionTables() {}

  static SourceTables of(SourceSpec spec, BsonSourceOptions options, Path baseDir) {
    Path base = baseDir == null ? Path.of("") : baseDir;
    Map<String, List<BsonDumpFile>> byCollection = new LinkedHashMap<>();
    for (BsonDumpFile file :
        DumpFileResolver.resolve(spec.requiredPaths(), base, options.collection())) {
      byCollection.computeIfAbsent(file.collection(), c -> new ArrayList<>()).add(file);
    }
    Map<String, String> tableOf = new LinkedHashMap<>();
    Map<String, SourceSpec> read = new LinkedHashMap<>();
    Map<String, String> notRead = new LinkedHashMap<>();
    byCollection.forEach(
        (collection, files) -> {
          String table = tableName(collection);
          String other = tableOf.putIfAbsent(table, collection);
          if (other != null) {
            throw new IllegalArgumentException(
                "source '"
                    + spec.name()
                    + "': collections '"
                    + other
                    + "' and '"
                    + collection
                    + "' would both be table '"
                    + table
                    + "'; read one of them in a job of its own (option collection)");
          }
          if (files.stream().allMatch(CollectionTables::holdsNoDocument)) {
            notRead.put(
                table,
                "collection "
                    + collection
                    + ": not copied; its dump holds no document, so there is no table to infer");
          } else {
            read.put(table, forCollection(spec, table, collection));
          }
        });
    return new SourceTables(read, notRead);
  }

  /** The table a collection becomes: its name as a plain CQL name, as a field's column is. */
  static String tableName(String collection) {
    return CqlIdentifiers.toColumnName(collection);
  }

  /** The spec of a source of {@code collection} alone, named after its table. */
  private static SourceSpec forCollection(SourceSpec spec, String table, String collection) {
    Map<String, Object> options = new LinkedHashMap<>(spec.options());
    options.remove("tables");
    options.put("collection", List.of(collection));
    return spec.withNameAndOptions(table, options);
  }

  private static boolean holdsNoDocument(BsonDumpFile file) {
    long size;
    try {
      size = Files.size(file.path());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file.resource(), e);
    }
    if (size == 0 || !file.gzipped()) {
      return size == 0;
    }
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file.path()))) {
      return in.read() < 0;
    } catch (IOException e) {
      // Damaged from its first bytes: the run reads it and reports the damage as a reject.
      return false;
    }
  }
}
