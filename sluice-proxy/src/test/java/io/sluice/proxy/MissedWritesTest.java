package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.result.Void;
import io.sluice.testinfra.LogWatch;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the client gets, and what is kept, when the other cluster answers a write in each way it
 * can: the cluster's answers here are the protocol messages a node sends.
 */
class MissedWritesTest {

  @TempDir Path dir;

  private static Query write(int size) {
    return new Query(
        "INSERT INTO ks.t (id, v) VALUES (1, ?)",
        new QueryOptions(
            ProtocolConstants.ConsistencyLevel.ONE,
            List.of(ByteBuffer.wrap(new byte[size])),
            Map.of(),
            false,
            -1,
            null,
            ProtocolConstants.ConsistencyLevel.SERIAL,
            42L,
            null,
            QueryOptions.NO_NOW_IN_SECONDS));
  }

  private static CompletableFuture<Message> answer(Message message) {
    return CompletableFuture.completedFuture(message);
  }

  @Test
  void aClusterThatCannotTakeAWriteNowHasItKeptAndARefusalReachesTheClient() throws Exception {
    try (ProxyMetrics metrics = new ProxyMetrics(() -> 0);
        ReplayLog log = ReplayLog.open(dir, 1 << 20)) {
      MissedWrites missed =
          new MissedWrites(log, Duration.ofSeconds(1), Duration.ofSeconds(10), "1MiB", metrics);
      Query write = write(10);

      Message taken =
          missed
              .sendOrKeep(
                  ClusterRole.SECONDARY, "ks", false, () -> answer(Void.INSTANCE), () -> write)
              .get();
      assertThat(taken).isSameAs(Void.INSTANCE);
      assertThat(log.backlogWrites()).isZero();

      Error refused = new Error(ProtocolConstants.ErrorCode.INVALID, "unconfigured table t");
      assertThat(
              missed
                  .sendOrKeep(
                      ClusterRole.SECONDARY, "ks", false, () -> answer(refused), () -> write)
                  .get())
          .isSameAs(refused);
      assertThat(log.backlogWrites()).isZero();

      Error overloaded = new Error(ProtocolConstants.ErrorCode.OVERLOADED, "overloaded");
      assertThat(
              missed
                  .sendOrKeep(
                      ClusterRole.SECONDARY, "ks", false, () -> answer(overloaded), () -> write)
                  .get())
          .isSameAs(MissedWrites.KEPT);
      try (ReplayLog.Reader reader = log.reader()) {
        ReplayLog.Entry overloadedWrite = reader.next();
        assertThat(overloadedWrite.record().unsure()).as("refused before it ran").isFalse();
        assertThat(missed.lateAnswer(overloadedWrite.start())).isNull();
      }
      drain(log);
      CompletableFuture<Message> late = new CompletableFuture<>();
      assertThat(
              missed.sendOrKeep(ClusterRole.SECONDARY, "ks", false, () -> late, () -> write).get())
          .as("no answer within the timeout")
          .isSameAs(MissedWrites.KEPT);
      assertThat(log.backlogWrites()).isEqualTo(1);
      try (ReplayLog.Reader reader = log.reader()) {
        ReplayLog.Entry timedOut = reader.next();
        assertThat(timedOut.record().unsure()).as("it may have been applied").isTrue();
        // The replay learns from its first send whether it was applied after all.
        assertThat(missed.lateAnswer(timedOut.start())).isSameAs(late);
        assertThat(missed.lateAnswer(timedOut.start())).as("asked once").isNull();
      }
      assertThat(
              missed
                  .sendOrKeep(
                      ClusterRole.SECONDARY,
                      "ks",
                      false,
                      () -> {
                        throw new AssertionError("sent while the log holds writes");
                      },
                      () -> write)
                  .get())
          .as("a write behind kept ones joins them")
          .isSameAs(MissedWrites.KEPT);
      assertThat(log.backlogWrites()).isEqualTo(2);
      assertThat(
              metrics.count(
                  "sluice_proxy_missed_writes", "cluster", "secondary", "result", "logged"))
          .isEqualTo(3);
    }
  }

  @Test
  void aSchemaChangeIsWaitedForLongerThanAWrite() throws Exception {
    try (ProxyMetrics metrics = new ProxyMetrics(() -> 0);
        ReplayLog log = ReplayLog.open(dir, 1 << 20)) {
      MissedWrites missed =
          new MissedWrites(log, Duration.ofMillis(50), Duration.ofMinutes(1), "1MiB", metrics);
      CompletableFuture<Message> slow = new CompletableFuture<>();
      CompletableFuture<Message> schema =
          missed.sendOrKeep(ClusterRole.SECONDARY, "ks", true, () -> slow, () -> write(1));
      CompletableFuture<Message> write =
          missed.sendOrKeep(
              ClusterRole.SECONDARY, "ks", false, CompletableFuture::new, () -> write(2));
      assertThat(write.get()).as("a write past its timeout").isSameAs(MissedWrites.KEPT);
      assertThat(schema).as("a schema change within its own").isNotDone();
      slow.complete(Void.INSTANCE);
      assertThat(schema.get()).isSameAs(Void.INSTANCE);
    }
  }

  private static void drain(ReplayLog log) throws Exception {
    try (ReplayLog.Reader reader = log.reader()) {
      ReplayLog.Entry entry;
      while ((entry = reader.next()) != null) {
        log.acknowledge(entry.end(), 1);
      }
    }
    assertThat(log.holdsWrites()).isFalse();
  }

  @Test
  void aFullLogKeepsServingAndSaysLoudlyWhichTimeIsLost() throws Exception {
    try (LogWatch watch = LogWatch.start();
        ProxyMetrics metrics = new ProxyMetrics(() -> 0);
        ReplayLog log = ReplayLog.open(dir, 1 << 20)) {
      MissedWrites missed =
          new MissedWrites(log, Duration.ofSeconds(1), Duration.ofSeconds(10), "1MiB", metrics);
      Error unavailable = new Error(ProtocolConstants.ErrorCode.UNAVAILABLE, "no replicas");
      Query big = write(300_000);
      for (int n = 0; n < 5; n++) {
        assertThat(
                missed
                    .sendOrKeep(
                        ClusterRole.SECONDARY, "ks", false, () -> answer(unavailable), () -> big)
                    .get())
            .isSameAs(MissedWrites.KEPT);
      }
      assertThat(log.backlogWrites()).isEqualTo(3);
      assertThat(
              metrics.count("sluice_proxy_missed_writes", "cluster", "secondary", "result", "lost"))
          .isEqualTo(2);
      assertThat(missed.firstLostMillis()).isPositive();
      assertThat(missed.lastLostMillis()).isGreaterThanOrEqualTo(missed.firstLostMillis());
      assertThat(watch.saw("writes the secondary cluster misses from"))
          .as(watch.toString())
          .isTrue();

      try (ReplayLog.Reader reader = log.reader()) {
        ReplayLog.Entry first = reader.next();
        log.acknowledge(first.end(), 1);
      }
      assertThat(
              missed
                  .sendOrKeep(
                      ClusterRole.SECONDARY, "ks", false, () -> answer(unavailable), () -> big)
                  .get())
          .isSameAs(MissedWrites.KEPT);
      assertThat(log.backlogWrites()).isEqualTo(3);
      assertThat(watch.saw("The replay log keeps writes again")).as(watch.toString()).isTrue();
    }
  }
}
