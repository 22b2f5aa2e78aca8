package io.sluice.core.source;

/**
 * A source whose every value carries its own write time ({@link Record#cellTimes()}), as an HBase
 * cell carries its timestamp: a fixed {@code write-timestamp} for its rows means nothing, and
 * {@code sluice plan} says the source's own rule instead.
 */
public interface CellTimesSource extends Source {

  /** How the source's values are timed, as a phrase after "write timestamp". */
  String writeTimes();
}
