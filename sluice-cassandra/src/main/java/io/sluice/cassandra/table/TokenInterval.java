package io.sluice.cassandra.table;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/**
 * Murmur3 tokens above {@code start} and at most {@code end}, as CQL reads them: {@code token(key)
 * > start AND token(key) <= end}. Never wraps around the ring; {@link Long#MIN_VALUE} as the start
 * means the beginning of the ring (no key has that token).
 */
record TokenInterval(long start, long end) {

  TokenInterval {
    if (start >= end) {
      throw new IllegalArgumentException("an empty token interval (" + start + ", " + end + "]");
    }
  }

  /** The width, as a double: the ring is wider than a long. */
  double width() {
    return (double) end - (double) start;
  }

  /** The part of this interval that {@code other} also covers, as a share of {@code other}. */
  double shareOf(TokenInterval other) {
    double from = Math.max((double) start, (double) other.start);
    double to = Math.min((double) end, (double) other.end);
    return to <= from ? 0 : (to - from) / other.width();
  }

  /** This interval cut into {@code parts} intervals of (nearly) equal width. */
  TokenInterval[] cut(int parts) {
    TokenInterval[] pieces = new TokenInterval[parts];
    BigInteger from = BigInteger.valueOf(start);
    BigInteger span = BigInteger.valueOf(end).subtract(from);
    long previous = start;
    for (int i = 1; i <= parts; i++) {
      long next =
          i == parts
              ? end
              : from.add(span.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(parts)))
                  .longValueExact();
      if (next > previous) {
        pieces[i - 1] = new TokenInterval(previous, next);
        previous = next;
      }
    }
    return Arrays.stream(pieces).filter(Objects::nonNull).toArray(TokenInterval[]::new);
  }
}
