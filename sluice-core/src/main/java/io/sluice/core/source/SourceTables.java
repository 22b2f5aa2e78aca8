package io.sluice.core.source;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tables of a source that names several, such as a keyspace's tables chosen with {@code
 * tables:}.
 *
 * @param read each table read, by name, as the spec of a source of that table alone, in the order
 *     the source lists them
 * @param notRead each table the choice matched but the source leaves out, by name, with why (a
 *     counter table)
 */
public record SourceTables(Map<String, SourceSpec> read, Map<String, String> notRead) {

  /** What a source of one table, or of files, gives: no tables of its own. */
  public static final SourceTables NONE = new SourceTables(Map.of(), Map.of());

  public SourceTables {
    read = Collections.unmodifiableMap(new LinkedHashMap<>(read));
    notRead = Collections.unmodifiableMap(new LinkedHashMap<>(notRead));
  }

  /** Whether the source names several tables rather than one. */
  public boolean several() {
    return !read.isEmpty() || !notRead.isEmpty();
  }
}
