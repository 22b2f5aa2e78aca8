package io.sluice.core.source;

/**
 * A source whose every value carries its own write time ({@link Record#cellTimes()}), as an HBase
 * cell carries its timestamp: a fixed {@code write-timestamp} for its rows means nothing, and
 * {@code sluice plan} says the source's own rule instead.
 *
 * <p>Its cells are a copy frozen in time (a snapshot, files): a validation judges each against its
 * own time alone, and never takes one for a live write because its time is after the check began
 * (as it does for a table read while an application writes to it).
 */
public interface CellTimesSource extends Source {

  /** How the source's values are timed, as a phrase after "write timestamp". */
  String writeTimes();
}
