package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.core.job.ClusterSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Sessions shared by the targets and sources of a process that reach the same cluster and keyspace
 * the same way: a job of many tables opens one session to each cluster, not one per table (each
 * session has its own connections, threads and a second or so of start). Each user holds a {@link
 * Share} and closes it; a session no share holds is closed {@link #LINGER} later, unless a share of
 * it is taken again meanwhile: creating each table's schema, then opening each table's source and
 * target, reuses one session instead of opening one per step.
 */
public final class SharedSessions {

  /**
   * What makes two sessions the same: the cluster's settings (with the prefix its messages use
   * cleared, so a target and a source reaching one cluster share), where relative paths start, the
   * keyspace and the way of connecting.
   */
  private record Key(ClusterSpec cluster, Path baseDir, String keyspace, String use) {

    static Key of(ClusterSpec cluster, Path baseDir, String keyspace, String use) {
      return new Key(
          new ClusterSpec(
              null,
              cluster.contactPoints(),
              cluster.localDatacenter(),
              cluster.username(),
              cluster.passwordEnv(),
              cluster.passwordFile(),
              cluster.consistency(),
              cluster.tls()),
          baseDir == null ? null : baseDir.toAbsolutePath().normalize(),
          keyspace,
          use);
    }
  }

  /** How long a session no share holds stays open for the next user. */
  static final Duration LINGER = Duration.ofSeconds(3);

  private static final class Open {
    private final CqlSession session;
    private int users;
    private ScheduledFuture<?> closing;

    Open(CqlSession session) {
      this.session = session;
    }
  }

  private static final Map<Key, Open> OPEN = new HashMap<>();

  private static final ScheduledExecutorService CLOSER =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sluice-session-closer");
            thread.setDaemon(true);
            return thread;
          });

  private SharedSessions() {}

  /** A share of a session; closing it gives the share back. */
  public static final class Share implements AutoCloseable {
    private final Key key;
    private final CqlSession session;
    private boolean closed;

    private Share(Key key, CqlSession session) {
      this.key = key;
      this.session = session;
    }

    public CqlSession session() {
      return session;
    }

    @Override
    public void close() {
      synchronized (OPEN) {
        if (closed) {
          return;
        }
        closed = true;
        Open open = OPEN.get(key);
        if (open != null && open.session == session && --open.users == 0) {
          open.closing =
              CLOSER.schedule(
                  () -> closeUnused(key, open), LINGER.toMillis(), TimeUnit.MILLISECONDS);
        }
      }
    }
  }

  /**
   * A share of the session to {@code cluster} for {@code keyspace} used as {@code use} says (such
   * as writes, or scans), opened with {@code open} when no share of one is held.
   */
  public static Share acquire(
      ClusterSpec cluster, Path baseDir, String keyspace, String use, Supplier<CqlSession> open) {
    Key key = Key.of(cluster, baseDir, keyspace, use);
    synchronized (OPEN) {
      Open shared = OPEN.get(key);
      if (shared == null || shared.session.isClosed()) {
        shared = new Open(open.get());
        OPEN.put(key, shared);
      }
      if (shared.closing != null) {
        shared.closing.cancel(false);
        shared.closing = null;
      }
      shared.users++;
      return new Share(key, shared.session);
    }
  }

  /**
   * Closes every session now, lingering or not, for a process about to exit: a session's I/O
   * threads wait in the kernel, and the JVM's exit waits for such threads for about 0.3 s.
   */
  public static void closeAll() {
    List<Open> all;
    synchronized (OPEN) {
      all = new ArrayList<>(OPEN.values());
      OPEN.clear();
    }
    for (Open open : all) {
      if (open.closing != null) {
        open.closing.cancel(false);
      }
      open.session.close();
    }
  }

  /** Closes a session that no share took again while it lingered. */
  private static void closeUnused(Key key, Open open) {
    synchronized (OPEN) {
      if (open.users > 0 || OPEN.get(key) != open) {
        return;
      }
      OPEN.remove(key);
    }
    open.session.close();
  }
}
