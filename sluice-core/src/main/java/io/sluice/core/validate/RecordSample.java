package io.sluice.core.validate;

import io.sluice.core.source.SourcePosition;
import java.nio.charset.StandardCharsets;

/**
 * Picks a deterministic share of the records for a sampled validation: a record is in the sample
 * when a hash of its resource and position falls below the share. The same record is always picked
 * or always left out, so a resumed sampled run checks the same records as the run it continues.
 */
final class RecordSample {

  private static final long BUCKETS = 1_000_000;

  private RecordSample() {}

  /** Whether the record at {@code position} is among {@code percent} percent of the records. */
  static boolean keeps(SourcePosition position, double percent) {
    long hash = 0xcbf29ce484222325L;
    for (byte b : position.resource().getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ b) * 0x100000001b3L;
    }
    hash = mix(hash ^ mix(position.offset()));
    return Long.remainderUnsigned(hash, BUCKETS) < Math.round(percent * (BUCKETS / 100));
  }

  /** The finalizer of MurmurHash3: spreads nearby offsets over the whole range. */
  private static long mix(long value) {
    long h = value;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
