package io.sluice.core.count;

/**
 * Everything a run counts, declared once. {@link Counts} holds one figure per constant; the
 * checkpoint and {@code report.json} save them under {@link #key()}, so adding a counter here is
 * all it takes for it to be kept across runs and reported.
 *
 * <p>The counts add up at the end of a run: {@code records-read = records-mapped + records-filtered
 * + rejected-decode + rejected-mapping} and {@code rows-produced = rows-written + rows-failed}. In
 * a validation, rows are checked rather than written: {@link #ROWS_WRITTEN} counts the rows
 * compared with the target and {@link #ROWS_FAILED} those that could not be read, which a
 * validation's report names {@code rows-checked} and {@code rows-unreadable} ({@link #reportKey});
 * the counts of what the comparisons found are a validation's alone, and a migration's report
 * leaves them out ({@link #reportedIn}).
 */
public enum Count {
  /** Source records read, good or bad. */
  RECORDS_READ("records-read"),
  /** Records the mapping turned into rows (possibly none). */
  RECORDS_MAPPED("records-mapped"),
  /** Records a filter (or a validation's sample) left out. */
  RECORDS_FILTERED("records-filtered"),
  /** Records that could not be read from the source. */
  REJECTED_DECODE("rejected-decode"),
  /** Records the mapping could not turn into rows. */
  REJECTED_MAPPING("rejected-mapping"),
  /** Rows the mapping produced. */
  ROWS_PRODUCED("rows-produced"),
  /** Rows the target acknowledged (a validation: rows checked). */
  ROWS_WRITTEN("rows-written", "rows-checked", true),
  /** Rows the target refused after every retry (a validation: rows that could not be read). */
  ROWS_FAILED("rows-failed", "rows-unreadable", true),
  /** Requests repeated after a transient failure. */
  RETRIES("retries"),
  /** Source bytes consumed, as the plan sizes splits (compressed bytes of a compressed file). */
  BYTES_READ("bytes-read"),
  /** Source rows without a row in the target. */
  ROWS_MISSING("rows-missing", "rows-missing", false),
  /** Rows that differ in the target, not because of newer writes. */
  ROWS_MISMATCHED("rows-mismatched", "rows-mismatched", false),
  /** Rows that differ because a newer write changed them in the target. */
  ROWS_CHANGED_SINCE("rows-changed-since", "rows-changed-since", false),
  /** Rows in the target that no source record gives. */
  ROWS_EXTRA("rows-extra", "rows-extra", false),
  /** Missing and mismatched rows rewritten and read back equal, and extra rows deleted. */
  ROWS_REPAIRED("rows-repaired", "rows-repaired", false),
  /**
   * Rows a validation read back by their key, one request each, rather than in a scan of the target
   * beside the source (a table source's merge join).
   */
  ROWS_LOOKED_UP("rows-looked-up", "rows-looked-up", false),
  /**
   * Records a resumed split's reader read again to find where it stood, beyond the records it
   * returns (a table's reader fetches the page of its saved position again and skips to it): the
   * cost of a resume, not records of the report's other counts.
   */
  RECORDS_READ_AGAIN("records-read-again");

  private final String key;
  private final String validationKey;
  private final boolean migrations;

  Count(String key) {
    this(key, key, true);
  }

  /**
   * @param validationKey its name in a validation's report
   * @param migrations whether a migration's report holds it
   */
  Count(String key, String validationKey, boolean migrations) {
    this.key = key;
    this.validationKey = validationKey;
    this.migrations = migrations;
  }

  /** The name this count has in the checkpoint, the timeline and a migration's report. */
  public String key() {
    return key;
  }

  /** The name this count has in the report of a migration, or of a validation. */
  public String reportKey(boolean validation) {
    return validation ? validationKey : key;
  }

  /** Whether the report of a migration, or of a validation, holds this count. */
  public boolean reportedIn(boolean validation) {
    return validation || migrations;
  }
}
