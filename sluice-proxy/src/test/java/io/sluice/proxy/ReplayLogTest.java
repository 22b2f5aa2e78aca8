package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayLogTest {

  @TempDir Path dir;

  private static ReplayRecord write(int n) {
    QueryOptions options =
        new QueryOptions(
            ProtocolConstants.ConsistencyLevel.LOCAL_QUORUM,
            List.of(ByteBuffer.wrap(new byte[] {0, 0, 0, (byte) n})),
            Map.of(),
            false,
            -1,
            null,
            ProtocolConstants.ConsistencyLevel.SERIAL,
            1_000_000L + n,
            null,
            QueryOptions.NO_NOW_IN_SECONDS);
    return new ReplayRecord(
        ClusterRole.SECONDARY,
        "ks",
        false,
        1_700_000_000_000L + n,
        new Query("INSERT INTO t (id) VALUES (?)", options),
        n % 2 == 1);
  }

  private static List<ReplayRecord> readAll(ReplayLog log) throws Exception {
    List<ReplayRecord> records = new ArrayList<>();
    try (ReplayLog.Reader reader = log.reader()) {
      ReplayLog.Entry entry;
      while ((entry = reader.next()) != null) {
        records.add(entry.record());
      }
    }
    return records;
  }

  private static long timestampOf(ReplayRecord record) {
    return ((Query) record.write()).options.defaultTimestamp;
  }

  @Test
  void aRecordKeepsItsStatementValuesTimestampAndTime() {
    ReplayRecord record = write(7);
    ReplayRecord back = ReplayRecord.decode(record.encode());
    Query query = (Query) back.write();
    assertThat(back.cluster()).isEqualTo(ClusterRole.SECONDARY);
    assertThat(back.keyspace()).isEqualTo("ks");
    assertThat(back.madeAtMillis()).isEqualTo(1_700_000_000_007L);
    assertThat(back.unsure()).isTrue();
    assertThat(ReplayRecord.decode(write(8).encode()).unsure()).isFalse();
    assertThat(query.query).isEqualTo("INSERT INTO t (id) VALUES (?)");
    assertThat(query.options.defaultTimestamp).isEqualTo(1_000_007L);
    assertThat(query.options.positionalValues.get(0).get(3)).isEqualTo((byte) 7);
    Query madeThen = (Query) back.asMadeThen();
    assertThat(madeThen.options.nowInSeconds).isEqualTo(1_700_000_000);
  }

  @Test
  void aBatchKeepsEachStatementAndItsValues() {
    Batch batch =
        new Batch(
            ProtocolConstants.BatchType.LOGGED,
            List.of("INSERT INTO t (id) VALUES (?)", "DELETE FROM t WHERE id = 1"),
            List.of(List.of(ByteBuffer.wrap(new byte[] {0, 0, 0, 2})), List.of()),
            ProtocolConstants.ConsistencyLevel.ONE,
            ProtocolConstants.ConsistencyLevel.SERIAL,
            42L,
            null,
            QueryOptions.NO_NOW_IN_SECONDS);
    ReplayRecord back =
        ReplayRecord.decode(
            new ReplayRecord(ClusterRole.PRIMARY, null, false, 5, batch, false).encode());
    Batch read = (Batch) back.write();
    assertThat(back.cluster()).isEqualTo(ClusterRole.PRIMARY);
    assertThat(back.keyspace()).isNull();
    assertThat(back.unsure()).isFalse();
    assertThat(read.queriesOrIds).containsExactlyElementsOf(batch.queriesOrIds);
    assertThat(read.defaultTimestamp).isEqualTo(42L);
    assertThat(read.values.get(0).get(0).get(3)).isEqualTo((byte) 2);
  }

  @Test
  void writesSurviveAReopenInOrderAndAcknowledgedOnesAreNotReplayedAgain() throws Exception {
    try (ReplayLog log = ReplayLog.open(dir, 1 << 30)) {
      List<CompletableFuture<Long>> kept = new ArrayList<>();
      for (int n = 0; n < 10; n++) {
        kept.add(log.append(write(n)));
      }
      for (CompletableFuture<Long> each : kept) {
        assertThat(each.get()).isNotNegative();
      }
      assertThat(log.backlogWrites()).isEqualTo(10);
      assertThat(log.holdsWrites()).isTrue();
      try (ReplayLog.Reader reader = log.reader()) {
        long end = 0;
        for (int n = 0; n < 4; n++) {
          ReplayLog.Entry entry = reader.next();
          // Each record is read back at the position its append gave.
          assertThat(entry.start()).isEqualTo(kept.get(n).get()).isEqualTo(end);
          end = entry.end();
        }
        log.acknowledge(end, 4);
      }
      assertThat(log.backlogWrites()).isEqualTo(6);
    }
    try (ReplayLog reopened = ReplayLog.open(dir, 1 << 30)) {
      assertThat(reopened.backlogWrites()).isEqualTo(6);
      assertThat(readAll(reopened))
          .extracting(ReplayLogTest::timestampOf)
          .containsExactly(1_000_004L, 1_000_005L, 1_000_006L, 1_000_007L, 1_000_008L, 1_000_009L);
    }
  }

  @Test
  void aRecordCutShortAtTheEndIsCutOffAndTheRestKept() throws Exception {
    try (ReplayLog log = ReplayLog.open(dir, 1 << 30)) {
      for (int n = 0; n < 3; n++) {
        assertThat(log.append(write(n)).get()).isNotNegative();
      }
    }
    Path segment;
    try (Stream<Path> files = Files.list(dir)) {
      segment =
          files.filter(f -> f.getFileName().toString().startsWith("segment-")).findFirst().get();
    }
    try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE)) {
      // The header of a fourth record, and half of its bytes: a proxy killed while writing it.
      channel.write(
          ByteBuffer.wrap(new byte[] {0, 0, 0, 100, 1, 2, 3, 4, 9, 9, 9}), channel.size());
    }
    try (ReplayLog reopened = ReplayLog.open(dir, 1 << 30)) {
      assertThat(reopened.backlogWrites()).isEqualTo(3);
      assertThat(readAll(reopened)).hasSize(3);
      assertThat(reopened.append(write(3)).get()).isNotNegative();
      assertThat(readAll(reopened))
          .extracting(ReplayLogTest::timestampOf)
          .containsExactly(1_000_000L, 1_000_001L, 1_000_002L, 1_000_003L);
    }
  }

  @Test
  void aFullLogKeepsNoMoreAndTakesWritesAgainOnceReplayed() throws Exception {
    int recordBytes = write(0).encode().length + 8;
    long max = 1 << 20;
    int fits = (int) (max / recordBytes);
    try (ReplayLog log = ReplayLog.open(dir, max)) {
      int kept = 0;
      for (int n = 0; n < fits + 5; n++) {
        kept += log.append(write(n % 100)).get() >= 0 ? 1 : 0;
      }
      assertThat(kept).isEqualTo(fits);
      assertThat(log.backlogBytes()).isLessThanOrEqualTo(max);
      try (ReplayLog.Reader reader = log.reader()) {
        log.acknowledge(reader.next().end(), 1);
      }
      assertThat(log.append(write(1)).get()).isNotNegative();
      assertThat(log.backlogWrites()).isEqualTo(fits);
    }
  }

  @Test
  void segmentsReplayedWhollyAreDeletedAndAnEmptiedLogHoldsNothing() throws Exception {
    long max = 8L << 20;
    try (ReplayLog log = ReplayLog.open(dir, max)) {
      byte[] big = new byte[100_000];
      List<CompletableFuture<Long>> kept = new ArrayList<>();
      for (int n = 0; n < 30; n++) {
        kept.add(
            log.append(
                new ReplayRecord(ClusterRole.SECONDARY, "ks", false, n, bigWrite(big, n), false)));
      }
      for (CompletableFuture<Long> each : kept) {
        assertThat(each.get()).isNotNegative();
      }
      assertThat(segments()).isGreaterThan(1);
      try (ReplayLog.Reader reader = log.reader()) {
        ReplayLog.Entry entry;
        while ((entry = reader.next()) != null) {
          log.acknowledge(entry.end(), 1);
        }
      }
      assertThat(log.holdsWrites()).isFalse();
      assertThat(log.backlogWrites()).isZero();
      assertThat(segments()).isEqualTo(1);
    }
    try (ReplayLog reopened = ReplayLog.open(dir, max)) {
      assertThat(reopened.holdsWrites()).isFalse();
      assertThat(readAll(reopened)).isEmpty();
    }
    assertThat(Files.readString(dir.resolve("cursor"), StandardCharsets.US_ASCII).trim())
        .isNotEqualTo("0");
  }

  private static Query bigWrite(byte[] value, int n) {
    return new Query(
        "INSERT INTO t (id, v) VALUES (" + n + ", ?)",
        new QueryOptions(
            ProtocolConstants.ConsistencyLevel.ONE,
            List.of(ByteBuffer.wrap(value)),
            Map.of(),
            false,
            -1,
            null,
            ProtocolConstants.ConsistencyLevel.SERIAL,
            n,
            null,
            QueryOptions.NO_NOW_IN_SECONDS));
  }

  private long segments() throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("segment-")).count();
    }
  }
}
