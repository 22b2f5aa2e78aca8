package io.sluice.cassandra;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/**
 * One operation a node is running on its SSTables, as its {@code system_views.sstable_tasks} table
 * lists it (CQL) or its {@code CompactionManager} MBean's {@code Compactions} attribute (JMX).
 *
 * @param kind the operation, such as {@code compaction}, {@code major compaction}, {@code cleanup}
 * @param progress how far it is, in {@code unit}s
 * @param total how far it goes, in {@code unit}s
 * @param unit {@code bytes}, {@code keys} or {@code ranges}
 */
record CompactionTask(String kind, long progress, long total, String unit) {

  /**
   * The keys of one entry of the {@code Compactions} attribute (Cassandra 5.0's {@code
   * CompactionInfo.asMap}); all values are strings.
   */
  static final String JMX_KIND = "taskType";

  static final String JMX_PROGRESS = "completed";
  static final String JMX_TOTAL = "total";
  static final String JMX_UNIT = "unit";

  /** Reads one entry of the JMX {@code Compactions} attribute; unreadable numbers count as 0. */
  static CompactionTask fromJmx(Map<?, ?> entry) {
    return new CompactionTask(
        text(entry.get(JMX_KIND)),
        number(entry.get(JMX_PROGRESS)),
        number(entry.get(JMX_TOTAL)),
        text(entry.get(JMX_UNIT)));
  }

  /**
   * Whether this is compaction work: any kind that names compaction ({@code compaction}, {@code
   * major compaction}, {@code tombstone compaction}, {@code user defined compaction}, {@code
   * anticompaction}), not validation, cleanup, scrub, index builds or flushes.
   */
  boolean isCompaction() {
    return kind.toLowerCase(Locale.ROOT).contains("compaction");
  }

  /** Bytes still to process, or 0 if this task does not count bytes. */
  long bytesRemaining() {
    return "bytes".equalsIgnoreCase(unit) ? Math.max(0, total - progress) : 0;
  }

  /** How many of {@code tasks} are compactions. */
  static long countCompactions(Collection<CompactionTask> tasks) {
    return tasks.stream().filter(CompactionTask::isCompaction).count();
  }

  /** Bytes the compactions among {@code tasks} still have to process. */
  static long compactionBytesRemaining(Collection<CompactionTask> tasks) {
    return tasks.stream()
        .filter(CompactionTask::isCompaction)
        .mapToLong(CompactionTask::bytesRemaining)
        .sum();
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }

  private static long number(Object value) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    try {
      return value == null ? 0 : Long.parseLong(value.toString().trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
