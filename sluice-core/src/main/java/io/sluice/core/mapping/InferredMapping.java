package io.sluice.core.mapping;

import io.sluice.core.schema.TableSchema;
import java.util.List;

/**
 * A mapping and table inferred from a sample of records by {@link MappingInference}.
 *
 * @param mapping the inferred mapping; it maps every sampled record without failure
 * @param table the table the mapping fills
 * @param createTableCql the {@code CREATE TABLE} statement for {@code table}
 * @param yaml the mapping as the {@code mapping:} block of a job file, with comments on choices
 *     worth a second look, ready to save and edit
 * @param notes one sentence per choice the user may want to change (types, keys, renames)
 */
public record InferredMapping(
    MappingSpec mapping,
    TableSchema table,
    String createTableCql,
    String yaml,
    List<String> notes) {

  public InferredMapping {
    notes = List.copyOf(notes);
  }
}
