package io.sluice.cassandra.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the token intervals a table source reads into splits of about a target size: the ring's own
 * ranges (one per vnode), sized by the nodes' estimates, merged with their neighbours while they
 * stay under the target and cut evenly where they are over it. Every split is one contiguous
 * interval, and together they cover exactly what the source reads.
 */
final class RingPlan {

  private RingPlan() {}

  /**
   * @param ranges the ring's ranges within what the source reads, in token order, contiguous
   * @param estimates the nodes' size estimates; empty when the nodes have none yet
   * @param targetBytes the size a split should have
   * @return the splits' intervals, each with its estimated size in bytes
   */
  static List<Sized> plan(List<TokenInterval> ranges, List<Sized> estimates, long targetBytes) {
    List<Sized> sized = new ArrayList<>();
    for (TokenInterval range : ranges) {
      sized.add(new Sized(range, estimates.isEmpty() ? targetBytes : bytesOf(range, estimates)));
    }
    List<Sized> splits = new ArrayList<>();
    Sized pending = null;
    for (Sized range : sized) {
      if (range.bytes() > targetBytes) {
        if (pending != null) {
          splits.add(pending);
          pending = null;
        }
        int parts = (int) Math.min(10_000, (range.bytes() + targetBytes - 1) / targetBytes);
        TokenInterval[] pieces = range.interval().cut(parts);
        for (TokenInterval piece : pieces) {
          splits.add(new Sized(piece, range.bytes() / pieces.length));
        }
      } else if (pending == null) {
        pending = range;
      } else if (pending.bytes() + range.bytes() <= targetBytes) {
        pending =
            new Sized(
                new TokenInterval(pending.interval().start(), range.interval().end()),
                pending.bytes() + range.bytes());
      } else {
        splits.add(pending);
        pending = range;
      }
    }
    if (pending != null) {
      splits.add(pending);
    }
    return splits;
  }

  /** The estimated bytes of an interval: each estimate's share that it overlaps. */
  static long bytesOf(TokenInterval interval, List<Sized> estimates) {
    double bytes = 0;
    for (Sized estimate : estimates) {
      bytes += estimate.bytes() * interval.shareOf(estimate.interval());
    }
    return Math.round(bytes);
  }

  /** A token interval and its size in bytes. */
  record Sized(TokenInterval interval, long bytes) {}
}
