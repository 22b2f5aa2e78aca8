package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The table options a copy leaves to the target's defaults though the source set them otherwise,
 * said with the {@code ALTER TABLE} that gives the copy the source's: a default TTL (new writes to
 * the copy would not expire), a grace period, a compaction strategy. The copy's cells keep their
 * own TTLs either way.
 */
final class CopiedOptions {

  private static final int DEFAULT_GC_GRACE_SECONDS = 864_000;
  private static final List<String> DEFAULT_COMPACTIONS =
      List.of("SizeTieredCompactionStrategy", "UnifiedCompactionStrategy");

  private CopiedOptions() {}

  /** A sentence for the source's options that differ from the defaults; none when none do. */
  static List<String> notCopied(TableMetadata source, String keyspace, String table) {
    Map<CqlIdentifier, Object> options = source.getOptions();
    List<String> differing = new ArrayList<>();
    Object ttl = options.get(CqlIdentifier.fromInternal("default_time_to_live"));
    if (ttl instanceof Integer seconds && seconds != 0) {
      differing.add("default_time_to_live = " + seconds);
    }
    Object grace = options.get(CqlIdentifier.fromInternal("gc_grace_seconds"));
    if (grace instanceof Integer seconds && seconds != DEFAULT_GC_GRACE_SECONDS) {
      differing.add("gc_grace_seconds = " + seconds);
    }
    if (options.get(CqlIdentifier.fromInternal("compaction")) instanceof Map<?, ?> compaction
        && compaction.get("class") instanceof String className
        && DEFAULT_COMPACTIONS.stream().noneMatch(className::endsWith)) {
      differing.add(
          "compaction = {"
              + compaction.entrySet().stream()
                  .map(e -> "'" + quoted(e.getKey()) + "': '" + quoted(e.getValue()) + "'")
                  .collect(Collectors.joining(", "))
              + "}");
    }
    if (differing.isEmpty()) {
      return List.of();
    }
    String qualified =
        CqlIdentifier.fromInternal(keyspace).asCql(true)
            + "."
            + CqlIdentifier.fromInternal(table).asCql(true);
    return List.of(
        "table options of "
            + source.getName().asInternal()
            + ": not copied; the copy takes the target's defaults (each cell keeps its own TTL)."
            + " To give it the source's after the copy: ALTER TABLE "
            + qualified
            + " WITH "
            + String.join(" AND ", differing)
            + ";");
  }

  private static String quoted(Object text) {
    return String.valueOf(text).replace("'", "''");
  }
}
