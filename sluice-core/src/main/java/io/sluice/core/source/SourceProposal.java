package io.sluice.core.source;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link ProposingSource} proposes to {@code sluice plan}: the source's options, the mapping
 * and the table, each ready to paste into the job file or run as it is.
 *
 * @param description what the proposal was drawn from (how many records of which splits)
 * @param optionsYaml the source's {@code options:} block, indented for an entry of {@code
 *     sources:}, to use in place of the job's
 * @param mappingYaml the {@code mapping:} block
 * @param createTableCql the {@code CREATE TABLE} statement the mapping fills
 * @param guesses one line per guess made (a value's encoding, a family's layout), with the share of
 *     the sample that fits it
 * @param notes one sentence per choice the user may want to look at again
 */
public record SourceProposal(
    String description,
    String optionsYaml,
    String mappingYaml,
    String createTableCql,
    List<String> guesses,
    List<String> notes) {

  public SourceProposal {
    guesses = List.copyOf(guesses);
    notes = List.copyOf(notes);
  }

  /** The proposal of a job's one source when it proposes its own; else empty. */
  public static Optional<SourceProposal> of(
      List<Source> sources, String keyspace, String table, int sampleRecords) throws IOException {
    return sources.size() == 1 && sources.get(0) instanceof ProposingSource proposing
        ? Optional.of(proposing.propose(keyspace, table, sampleRecords))
        : Optional.empty();
  }
}
