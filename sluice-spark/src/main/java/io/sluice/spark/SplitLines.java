package io.sluice.spark;

import io.sluice.core.state.LocalJobState;

/**
 * The two kinds of lines a split lists, kept apart as on one machine: the records and rows it
 * rejected, and what its sink found (a validation's differences).
 */
enum SplitLines {
  REJECTS(LocalJobState.REJECTS, "split_rejects"),
  FINDINGS(LocalJobState.DIFFERENCES, "split_findings");

  /** The file they are kept in: in a split's folder, and gathered in the job's state folder. */
  final String file;

  /** The table they are kept in, in a keyspace store. */
  final String table;

  SplitLines(String file, String table) {
    this.file = file;
    this.table = table;
  }
}
