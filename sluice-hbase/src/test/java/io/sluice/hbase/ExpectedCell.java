package io.sluice.hbase;

/**
 * A cell as HBase's {@code Get} returned it at snapshot time, and the second it expires at (0 when
 * it does not), as the test that wrote it knows.
 */
record ExpectedCell(byte[] value, long timestampMillis, long expiresAtSecond) {}
