package io.sluice.core.report;

import java.util.List;

/**
 * How many rejects or findings share a reason, with where the first few came from.
 *
 * @param stage where in the pipeline, as the reject file names it ({@code decode}, {@code mapping},
 *     {@code write}, {@code check}, {@code difference})
 * @param reason the reason, with the quoted values of records taken out
 * @param count how many lines give it
 * @param examples the source positions of the first few, as {@code resource:offset}
 */
public record ReasonCount(String stage, String reason, long count, List<String> examples) {

  public ReasonCount {
    examples = List.copyOf(examples);
  }
}
