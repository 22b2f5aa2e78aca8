package io.sluice.cli.demo;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The online demo's application: a small shop that places orders, changes their status and looks
 * them up, through the proxy, at a steady pace, as an unmodified application would. It runs until
 * stopped, or for {@link #MAX_OPERATIONS} at most.
 */
public final class OnlineShop implements AutoCloseable {

  /** The first id of an order the shop places; orders below it are the old cluster's history. */
  public static final int FIRST_NEW_ORDER = 1_000_000;

  private static final long MAX_OPERATIONS = 5_000_000;
  private static final String[] STATUSES = {"paid", "packed", "shipped", "delivered", "returned"};

  private final CqlSession session;
  private final int history;
  private final long nanosPerOperation;
  private final PreparedStatement place;
  private final PreparedStatement change;
  private final PreparedStatement lookUp;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicLong operations = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final Thread thread;
  private volatile String lastFailure;
  private int placed;

  /**
   * @param session a session connected to the proxy
   * @param history the orders the old cluster holds, ids 0 to {@code history - 1}
   */
  public OnlineShop(CqlSession session, int history, int operationsPerSecond) {
    this.session = session;
    this.history = history;
    this.nanosPerOperation = TimeUnit.SECONDS.toNanos(1) / operationsPerSecond;
    this.place =
        session.prepare(
            "INSERT INTO shop.orders (id, customer, status, total, placed_at) VALUES (?, ?, 'new',"
                + " ?, ?)");
    this.change = session.prepare("UPDATE shop.orders SET status = ? WHERE id = ?");
    this.lookUp = session.prepare("SELECT * FROM shop.orders WHERE id = ?");
    this.thread = new Thread(this::run, "online-shop");
    this.thread.setDaemon(true);
  }

  public void start() {
    thread.start();
  }

  /** Operations done so far, failed ones included. */
  public long operations() {
    return operations.get();
  }

  /** Operations the application saw fail. */
  public long failures() {
    return failures.get();
  }

  /** The last failure's message, or null. */
  public String lastFailure() {
    return lastFailure;
  }

  private void run() {
    SplittableRandom random = new SplittableRandom(7);
    long next = System.nanoTime();
    for (long n = 0; n < MAX_OPERATIONS && !stop.get(); n++) {
      next += nanosPerOperation;
      LockSupport.parkNanos(next - System.nanoTime());
      try {
        switch ((int) (n % 4)) {
          case 0 ->
              session.execute(
                  place.bind(
                      FIRST_NEW_ORDER + placed++,
                      "customer-" + random.nextInt(5_000),
                      BigDecimal.valueOf(random.nextInt(1, 100_000), 2),
                      Instant.now()));
          case 1 ->
              session.execute(
                  change.bind(STATUSES[random.nextInt(STATUSES.length)], anyOrder(random, 0)));
          default -> session.execute(lookUp.bind(anyOrder(random, 1)));
        }
      } catch (RuntimeException e) {
        failures.incrementAndGet();
        lastFailure = e.getMessage();
      }
      operations.incrementAndGet();
    }
  }

  /**
   * Any order of the history or placed since, among every other one: status changes take the even
   * ones ({@code parity} 0), look-ups the odd ones, so a look-up's shadow read never meets a change
   * made after the client had its answer (a difference that would be no fault of the new cluster).
   */
  private int anyOrder(SplittableRandom random, int parity) {
    int all = history + placed;
    int pick = random.nextInt(Math.max(1, all));
    if ((pick & 1) != parity) {
      pick = pick + 1 < all ? pick + 1 : Math.max(0, pick - 1);
    }
    return pick < history ? pick : FIRST_NEW_ORDER + (pick - history);
  }

  /** Stops the application and waits for its last operation. */
  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    thread.join(TimeUnit.SECONDS.toMillis(30));
  }
}
