package io.sluice.cassandra.table;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import io.sluice.cassandra.SessionFactory;
import io.sluice.cassandra.SharedSessions;
import io.sluice.cassandra.table.RingPlan.Sized;
import io.sluice.core.source.KeyColumn;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import io.sluice.core.source.TableCopy;
import io.sluice.core.source.TableCopySource;
import io.sluice.core.validate.KeyOrderedSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A table of a live Cassandra-family cluster as a source. Splits are token intervals of the ring
 * (see {@link RingPlan}); a split is read as paged token-range scans ({@link TableSplitReader})
 * that carry each cell's write time and TTL, and resumes at its last acknowledged row. A resumed
 * run reads the intervals the first run planned, whatever the estimates say now: an interval reads
 * the same rows whichever nodes own it.
 */
public final class TableSource implements KeyOrderedSource, TableCopySource {

  private static final Logger LOG = LoggerFactory.getLogger(TableSource.class);
  private static final String MURMUR3 = "org.apache.cassandra.dht.Murmur3Partitioner";

  private final String name;
  private final TableSourceOptions options;
  private final SharedSessions.Share share;
  private final CqlSession session;
  private final TableScan scan;

  /** Whether the last plan had the nodes' size estimates to size its splits by. */
  private volatile boolean sized = true;

  private TableSource(
      String name, TableSourceOptions options, SharedSessions.Share share, TableScan scan) {
    this.name = name;
    this.options = options;
    this.share = share;
    this.session = share.session();
    this.scan = scan;
  }

  /**
   * Connects to the source's cluster and reads its table's schema.
   *
   * @throws IllegalArgumentException in one sentence, when the table cannot be read as asked
   */
  static TableSource connect(String name, TableSourceOptions options, Path baseDir) {
    SharedSessions.Share share =
        SharedSessions.acquire(
            options.cluster(name),
            baseDir,
            options.keyspace(),
            "scans",
            () -> SessionFactory.openForScans(options.cluster(name), baseDir, options.keyspace()));
    try {
      TableMetadata table = table(share.session(), name, options);
      return new TableSource(name, options, share, TableScan.of(name, table, options));
    } catch (RuntimeException e) {
      share.close();
      throw e;
    }
  }

  /**
   * The source's keyspace as the session knows it.
   *
   * @throws IllegalArgumentException naming the source, when the cluster has no such keyspace
   */
  static KeyspaceMetadata keyspace(CqlSession session, String name, TableSourceOptions options) {
    return session
        .getMetadata()
        .getKeyspace(CqlIdentifier.fromInternal(options.keyspace()))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "source '"
                        + name
                        + "': keyspace '"
                        + options.keyspace()
                        + "' does not exist on the source cluster."));
  }

  private static TableMetadata table(CqlSession session, String name, TableSourceOptions options) {
    session.refreshSchema();
    KeyspaceMetadata keyspace = keyspace(session, name, options);
    return keyspace
        .getTable(CqlIdentifier.fromInternal(options.table()))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "source '"
                        + name
                        + "': table '"
                        + options.keyspace()
                        + "."
                        + options.table()
                        + "' does not exist on the source cluster; its tables are "
                        + keyspace.getTables().keySet().stream()
                            .map(CqlIdentifier::asInternal)
                            .sorted()
                            .toList()
                        + "."));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean sizeKnown() {
    return sized;
  }

  @Override
  public List<Split> plan() throws IOException {
    List<TokenInterval> ranges = ringRanges();
    List<Sized> estimates = estimates();
    sized = !estimates.isEmpty();
    if (estimates.isEmpty()) {
      LOG.warn(
          "source '{}': the nodes have no size estimates for {} yet (they are computed every few"
              + " minutes, from flushed data): one split per token range of the ring, and progress"
              + " shows rows read, with no percent done or ETA",
          name,
          scan.resource());
    }
    List<Split> splits = new ArrayList<>();
    for (Sized split : RingPlan.plan(ranges, estimates, targetBytes())) {
      splits.add(
          new Split(
              name,
              splits.size(),
              scan.resource(),
              split.interval().start(),
              split.interval().end(),
              split.bytes()));
    }
    return splits;
  }

  /** The intervals the earlier run planned, when they still cover what this source reads. */
  @Override
  public List<Split> plan(List<Split> saved) throws IOException {
    TokenInterval wanted = wanted();
    boolean covers = !saved.isEmpty() && saved.get(0).start() == wanted.start();
    for (int i = 0; covers && i < saved.size(); i++) {
      Split split = saved.get(i);
      covers =
          split.resource().equals(scan.resource())
              && split.start() < split.end()
              && (i == 0 || split.start() == saved.get(i - 1).end());
    }
    covers = covers && saved.get(saved.size() - 1).end() == wanted.end();
    if (!covers) {
      throw new IOException(
          "the token intervals the earlier run planned for "
              + scan.resource()
              + " do not cover what the source now reads (was token-range changed?); run with"
              + " --fresh to start over");
    }
    List<Sized> estimates = estimates();
    sized = !estimates.isEmpty();
    List<Split> splits = new ArrayList<>();
    for (Split split : saved) {
      TokenInterval interval = new TokenInterval(split.start(), split.end());
      long bytes = estimates.isEmpty() ? targetBytes() : RingPlan.bytesOf(interval, estimates);
      splits.add(
          new Split(name, split.index(), split.resource(), split.start(), split.end(), bytes));
    }
    return splits;
  }

  private long targetBytes() {
    return (long) options.splitSizeMib() << 20;
  }

  /** What the source reads: the token-range option, or the whole ring. */
  private TokenInterval wanted() {
    return options.tokenRange() == null
        ? new TokenInterval(Long.MIN_VALUE, Long.MAX_VALUE)
        : new TokenInterval(options.tokenRange().get(0), options.tokenRange().get(1));
  }

  /** The ring's ranges within what the source reads, in token order. */
  private List<TokenInterval> ringRanges() throws IOException {
    TokenMap tokens =
        session
            .getMetadata()
            .getTokenMap()
            .orElseThrow(
                () -> new IOException("the driver has no token map of the source cluster"));
    if (!MURMUR3.equals(tokens.getPartitionerName())) {
      throw new IOException(
          "the source cluster uses "
              + tokens.getPartitionerName()
              + "; Sluice reads tables of clusters with the Murmur3Partitioner, the default");
    }
    TokenInterval wanted = wanted();
    List<TokenInterval> ranges = new ArrayList<>();
    for (TokenRange range : tokens.getTokenRanges()) {
      for (TokenRange piece : range.unwrap()) {
        long start = Long.parseLong(tokens.format(piece.getStart()));
        long end = Long.parseLong(tokens.format(piece.getEnd()));
        // The end of the ring is written as its minimum token.
        end = end == Long.MIN_VALUE ? Long.MAX_VALUE : end;
        long from = Math.max(start, wanted.start());
        long to = Math.min(end, wanted.end());
        if (from < to) {
          ranges.add(new TokenInterval(from, to));
        }
      }
    }
    ranges.sort(Comparator.comparingLong(TokenInterval::start));
    return ranges;
  }

  /**
   * Each node's estimates of its own ranges of the table (bytes as partitions times their mean
   * size), as Cassandra's own input format reads them; empty when any node has none or cannot be
   * asked.
   */
  private List<Sized> estimates() {
    List<Sized> estimates = new ArrayList<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      SimpleStatement query =
          SimpleStatement.newInstance(
                  "SELECT range_start, range_end, partitions_count, mean_partition_size"
                      + " FROM system.size_estimates WHERE keyspace_name = ? AND table_name = ?",
                  options.keyspace(),
                  options.table())
              .setNode(node);
      List<Row> rows;
      try {
        rows = session.execute(query).all();
      } catch (RuntimeException e) {
        LOG.debug("size estimates of {} unavailable", node, e);
        return List.of();
      }
      if (rows.isEmpty()) {
        return List.of();
      }
      for (Row row : rows) {
        long start = Long.parseLong(row.getString(0));
        long end = Long.parseLong(row.getString(1));
        end = end == Long.MIN_VALUE ? Long.MAX_VALUE : end;
        if (start < end) {
          estimates.add(new Sized(new TokenInterval(start, end), row.getLong(2) * row.getLong(3)));
        }
      }
    }
    return estimates;
  }

  @Override
  public SplitReader open(Split split) throws IOException {
    return open(split, null);
  }

  @Override
  public SplitReader open(Split split, String position) throws IOException {
    return TableSplitReader.open(session, scan, split, position);
  }

  /** Rows come in the table's key order, split by split: a validation reads the target beside. */
  @Override
  public List<KeyColumn> keyColumns() {
    return scan.keyColumns();
  }

  /** The table's columns: a mapping reading any other field is refused before the first row. */
  @Override
  public Optional<Set<String>> knownFields() {
    return Optional.of(new LinkedHashSet<>(scan.fieldNames()));
  }

  @Override
  public TableCopy tableCopy(String keyspace, String table) {
    Optional<KeyspaceMetadata> sourceKeyspace =
        session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(options.keyspace()));
    List<String> notCopied =
        new ArrayList<>(
            CopiedIndexes.notCopied(
                sourceKeyspace.map(KeyspaceMetadata::getViews).orElse(Map.of()), options.table()));
    sourceKeyspace
        .flatMap(ks -> ks.getTable(CqlIdentifier.fromInternal(options.table())))
        .ifPresent(source -> notCopied.addAll(CopiedOptions.notCopied(source, keyspace, table)));
    return new TableCopy(
        scan.fieldNames(), scan.copiedCql(keyspace, table), scan.writeRules(), notCopied);
  }

  @Override
  public boolean copiesCounters() {
    return options.copiesCounters();
  }

  @Override
  public void close() {
    share.close();
  }
}
