package io.sluice.cassandra;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to add to a target row's counters to bring them to the source row's values: a pure decision,
 * so that its rule is tested without a server.
 *
 * <p>The rule, for each counter column in the table's order:
 *
 * <ol>
 *   <li>A counter the source row does not hold (null or absent) is left as the target has it: a
 *       counter cannot be made null again by adding, and the copy never wrote it.
 *   <li>A counter the target does not hold yet counts as 0, and is written even when the source's
 *       value is 0: adding 0 creates it, at 0, as the source holds it.
 *   <li>The difference is the source's value less the target's; a counter the target holds at a
 *       difference of 0 is not written, so a row already copied (a retried or resumed write) adds
 *       nothing.
 * </ol>
 *
 * The difference is taken as Cassandra adds, modulo 2<sup>64</sup>: the target plus the difference
 * is the source's value even where the subtraction overflows a {@code long}.
 */
final class CounterDeltas {

  private CounterDeltas() {}

  /**
   * The additions, by column, in {@code counters}' order (some of 0, for counters the target does
   * not hold yet); empty when the target already holds the source's values.
   *
   * @param counters the counter columns to consider
   * @param source the source row's values by column (counters as numbers)
   * @param target the target row's counter values by column, read just before
   */
  static Map<String, Long> of(
      List<String> counters, Map<String, Object> source, Map<String, Long> target) {
    Map<String, Long> deltas = new LinkedHashMap<>();
    for (String counter : counters) {
      if (!(source.get(counter) instanceof Number wanted)) {
        continue;
      }
      Long held = target.get(counter);
      // Wraps on overflow, as the counter's own addition does.
      long delta = wanted.longValue() - (held == null ? 0 : held);
      if (delta != 0 || held == null) {
        deltas.put(counter, delta);
      }
    }
    return deltas;
  }
}
