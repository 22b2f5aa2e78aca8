package io.sluice.sstables;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where the writer cuts a segment's files so that each holds one token range of the target ring:
 * the tokens at which the replicas of the datacenters the files go to change. A file within one
 * such range goes whole to each of its replicas, which can then take it by zero-copy streaming; a
 * file across ranges is cut into sections by the loader, and each replica rewrites its part.
 * Adjacent ranges with the same replicas are one range here, so a cluster of one node per
 * datacenter gets no cuts at all.
 */
final class RingCuts {

  static final String MURMUR3 = "org.apache.cassandra.dht.Murmur3Partitioner";

  private RingCuts() {}

  /**
   * The cuts for {@code keyspace}'s replicas in {@code datacenters}, in token order: a row of token
   * t goes to the file after every cut below t (ranges end at their cut, inclusive).
   */
  static long[] of(TokenMap ring, CqlIdentifier keyspace, Set<String> datacenters) {
    List<Long> ends = new ArrayList<>();
    List<Set<Node>> replicas = new ArrayList<>();
    for (TokenRange range : ring.getTokenRanges()) {
      ends.add(Long.parseLong(ring.format(range.getEnd())));
      replicas.add(
          ring.getReplicas(keyspace, range).stream()
              .filter(node -> datacenters.contains(node.getDatacenter()))
              .collect(Collectors.toSet()));
    }
    return between(ends, replicas);
  }

  /**
   * The range ends after which the replicas change, in token order.
   *
   * @param ends each range's end, in any order; a range runs from the end before it, exclusive
   * @param replicas each range's replicas, in the order of {@code ends}
   */
  static <R> long[] between(List<Long> ends, List<? extends Collection<R>> replicas) {
    int n = ends.size();
    Integer[] byEnd = new Integer[n];
    for (int i = 0; i < n; i++) {
      byEnd[i] = i;
    }
    Arrays.sort(byEnd, (a, b) -> Long.compare(ends.get(a), ends.get(b)));
    List<Long> cuts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int range = byEnd[i];
      // The range after this one in the ring; after the last comes the wrapping one, which is
      // cut at the ring's end anyway (its tokens sit at both ends of the order).
      int next = byEnd[(i + 1) % n];
      if (!Objects.equals(Set.copyOf(replicas.get(range)), Set.copyOf(replicas.get(next)))) {
        cuts.add(ends.get(range));
      }
    }
    return cuts.stream().mapToLong(Long::longValue).toArray();
  }
}
