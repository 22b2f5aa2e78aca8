package io.sluice.formats.parquet;

/**
 * The first thing wrong with the row being assembled, such as a string that is not UTF-8 or a null
 * map key. Converters report it here instead of throwing, so every column reader still consumes its
 * part of the row and the next row reads normally; the row itself becomes a {@code
 * MalformedRecord}.
 */
final class RowProblems {

  private String first;

  void report(String path, String what) {
    if (first == null) {
      first = "field '" + path + "' " + what;
    }
  }

  /** The row's problem, or {@code null}; clears it for the next row. */
  String take() {
    String problem = first;
    first = null;
    return problem;
  }
}
