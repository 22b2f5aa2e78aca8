package io.sluice.formats.parquet;

import java.util.Map;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Assembles each row of a row group straight into Sluice's value model: a {@code LinkedHashMap} of
 * the (requested) schema's top-level fields, built by a tree of converters chosen per field (see
 * {@link Converters}). After each row, {@link #takeProblem} says whether a value in it was invalid.
 */
final class RowMaterializer extends RecordMaterializer<Map<String, Object>> {

  private final RowProblems problems = new RowProblems();
  private final StructConverter root;
  private Map<String, Object> row;

  @SuppressWarnings("unchecked")
  RowMaterializer(MessageType schema, boolean binaryAsString) {
    this.root =
        new StructConverter(
            schema,
            "",
            value -> row = (Map<String, Object>) value,
            new DecodeOptions(problems, binaryAsString));
  }

  @Override
  public Map<String, Object> getCurrentRecord() {
    return row;
  }

  @Override
  public GroupConverter getRootConverter() {
    return root;
  }

  /** What was wrong with the last row, or {@code null}; clears it. */
  String takeProblem() {
    return problems.take();
  }
}
