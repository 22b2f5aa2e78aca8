package io.sluice.core.source;

import java.io.IOException;

/**
 * A source that proposes its own mapping to {@code sluice plan}, from what it knows of its records
 * better than the generic inference does: the encodings its raw values are in, the options that
 * decode them ({@link SourceProposal}). Its records should carry their own write times ({@link
 * CellTimesSource}) or the proposal says which to set.
 */
public interface ProposingSource extends Source {

  /**
   * Reads a bounded sample of the source (at most {@code sampleRecords} of its records, from its
   * first splits) and proposes the options, mapping and table that load it into {@code
   * keyspace.table}.
   */
  SourceProposal propose(String keyspace, String table, int sampleRecords) throws IOException;
}
