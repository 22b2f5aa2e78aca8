package io.sluice.formats.parquet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The part of one file's schema a source reads: the top-level columns named by the {@code columns}
 * option that the file has, in the file's order, each with all it nests; and the named ones it
 * lacks, which its records hold as null.
 *
 * @param requested the schema to read, the whole file schema when no columns are named
 * @param missing named columns the file does not have
 */
record Projection(MessageType requested, List<String> missing) {

  /** The names of the top-level columns read. */
  Set<String> columns() {
    Set<String> names = new HashSet<>();
    requested.getFields().forEach(field -> names.add(field.getName()));
    return names;
  }

  static Projection of(MessageType file, List<String> columns) {
    if (columns.isEmpty()) {
      return new Projection(file, List.of());
    }
    List<Type> kept = new ArrayList<>();
    for (Type field : file.getFields()) {
      if (columns.contains(field.getName())) {
        kept.add(field);
      }
    }
    List<String> missing = new ArrayList<>(columns);
    missing.removeIf(file::containsField);
    return new Projection(new MessageType(file.getName(), kept), List.copyOf(missing));
  }
}
