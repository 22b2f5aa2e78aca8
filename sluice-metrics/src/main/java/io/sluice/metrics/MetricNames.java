package io.sluice.metrics;

/**
 * The names of what Sluice exports, declared once. Where a running job and the proxy measure the
 * same thing they use the same name, so one dashboard shows both.
 */
public final class MetricNames {

  private MetricNames() {}

  /**
   * Requests sent to a cluster, by {@value #CLUSTER} ({@code target} for a job; {@code primary},
   * {@code secondary} for the proxy), {@value #REQUEST} and {@value #OUTCOME} ({@code ok} or why
   * not): a histogram of their latency.
   */
  public static final String CLUSTER_REQUESTS = "sluice_cluster_requests";

  /** Tag: which cluster a request went to. */
  public static final String CLUSTER = "cluster";

  /** Tag: what kind of request. */
  public static final String REQUEST = "request";

  /** Tag: how it was answered. */
  public static final String OUTCOME = "outcome";

  /**
   * Tag of a running job's meters: the job's name. Not {@code job}, which Prometheus sets to the
   * scrape job's own name.
   */
  public static final String JOB = "sluice_job";

  /** A job's count, one counter each, named after the count: {@code sluice_rows_written}. */
  public static String count(String countKey) {
    return "sluice_" + countKey.replace('-', '_');
  }

  /** The share of the job's work done, from 0 to 1, earlier runs included. */
  public static final String WORK_DONE = "sluice_work_done_ratio";

  /** Requests flow control lets be in flight now. */
  public static final String WINDOW = "sluice_flow_window_requests";

  /** Requests per second the adaptive rate allows now, or -1 while it holds none. */
  public static final String HELD_RATE = "sluice_flow_held_rate_requests_per_second";

  /** Compaction tasks outstanding on the target's busiest node, or -1 when unknown. */
  public static final String COMPACTION_BACKLOG = "sluice_compaction_backlog_tasks";

  /** 1 while the load is paused for compaction, else 0. */
  public static final String COMPACTION_PAUSED = "sluice_compaction_paused";

  /** Times the load paused for compaction in this run. */
  public static final String COMPACTION_PAUSES = "sluice_compaction_pauses";
}
