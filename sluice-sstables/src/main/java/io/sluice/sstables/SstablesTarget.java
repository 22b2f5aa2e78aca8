package io.sluice.sstables;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.sluice.cassandra.CassandraTarget;
import io.sluice.cassandra.TableSchemaReader;
import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.source.KeyColumn;
import io.sluice.core.validate.PrimaryKey;
import io.sluice.core.validate.ValidatingTarget;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.node.CassandraHome;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code target.type: sstables}: the table of a live cluster, whose schema the rows are mapped to,
 * written as SSTables into a folder instead of over CQL. The cluster is read, never written: its
 * table's {@code CREATE TABLE} says how to write the files, and a validation reads it back once
 * {@code sluice stream} loaded them.
 */
final class SstablesTarget implements ValidatingTarget {

  private static final Logger LOG = LoggerFactory.getLogger(SstablesTarget.class);

  /** The writer's heap beyond its buffers: Cassandra's own structures and the segments' files. */
  private static final int WRITER_BASE_HEAP_MIB = 512;

  /** How many times a buffer's MiB of rows the writer's heap holds for each open segment. */
  private static final int HEAP_PER_BUFFER_MIB = 3;

  private final CassandraTarget cluster;
  private final SstablesOptions options;
  private final SegmentFolders folders;
  private final TableDefinition table;
  private final String localDatacenter;
  private final List<String> secretVariables;
  private final long[] cuts;

  /**
   * Writer processes started and not yet closed. A sink has one to itself while it is open (the
   * tasks of a Spark executor open sinks side by side), and gives it back when it closes, for the
   * next sink or for streaming.
   */
  private final Set<WriterProcess> writers = new HashSet<>();

  /** Those of {@link #writers} no sink uses now, the last given back first. */
  private final Deque<WriterProcess> idleWriters = new ArrayDeque<>();

  private SstablesTarget(
      CassandraTarget cluster,
      SstablesOptions options,
      Path directory,
      TableDefinition table,
      String localDatacenter,
      List<String> secretVariables,
      long[] cuts) {
    this.cuts = cuts;
    this.localDatacenter = localDatacenter;
    this.secretVariables = secretVariables;
    this.cluster = cluster;
    this.options = options;
    this.folders = new SegmentFolders(directory, table.keyspace(), table.table());
    this.table = table;
  }

  static SstablesTarget connect(TargetSpec spec, SstablesOptions options, Path baseDir) {
    CassandraTarget cluster = CassandraTarget.connect(spec, baseDir);
    try {
      TableMetadata metadata =
          TableSchemaReader.tableMetadata(cluster.session(), spec.keyspace(), spec.table());
      List<String> counters =
          metadata.getColumns().values().stream()
              .filter(column -> column.getType().equals(DataTypes.COUNTER))
              .map(column -> column.getName().asCql(true))
              .toList();
      if (!counters.isEmpty()) {
        throw new IllegalArgumentException(
            "SSTables cannot be written for "
                + spec.keyspace()
                + "."
                + spec.table()
                + ": its counter column(s) "
                + counters
                + " hold deltas only the cluster can add up; write it with target type"
                + " cassandra");
      }
      KeyspaceMetadata keyspace =
          cluster.session().getMetadata().getKeyspace(metadata.getKeyspace()).orElseThrow();
      return new SstablesTarget(
          cluster,
          options,
          baseDir.resolve(options.directory()).normalize(),
          TableDefinition.of(keyspace, metadata, spec.writeNulls()),
          spec.localDatacenter(),
          SstableStream.secretVariables(spec),
          ringCuts(cluster, keyspace.getName(), options, spec.localDatacenter()));
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /**
   * Where the files are cut, from the ring the driver sees (none when it sees no ring). The writer
   * places rows by Murmur3 tokens, as every cluster does unless it was set up otherwise: another
   * partitioner is refused before anything is written.
   */
  private static long[] ringCuts(
      CassandraTarget cluster,
      CqlIdentifier keyspace,
      SstablesOptions options,
      String localDatacenter) {
    TokenMap ring = cluster.session().getMetadata().getTokenMap().orElse(null);
    if (ring == null) {
      return new long[0];
    }
    if (!ring.getPartitionerName().equals(RingCuts.MURMUR3)) {
      throw new IllegalArgumentException(
          "SSTables are written for the Murmur3 partitioner, and the target cluster uses "
              + ring.getPartitionerName()
              + ": load it over CQL (target type cassandra)");
    }
    Set<String> datacenters =
        Set.copyOf(
            options.datacenters().isEmpty() ? List.of(localDatacenter) : options.datacenters());
    return RingCuts.of(ring, keyspace, datacenters);
  }

  /** Where the files go. */
  Path directory() {
    return folders.root();
  }

  @Override
  public List<String> problems() {
    return cluster.problems();
  }

  @Override
  public TableSchema schema() {
    return cluster.schema();
  }

  /** Deletes what a killed run left half written (never counted as written). */
  @Override
  public void beforeMigration(JobSpec job, PrintWriter out) {
    int deleted = folders.deleteIncomplete();
    if (deleted > 0) {
      out.printf(
          "Deleted %,d incomplete SSTable segment(s) an earlier run left in %s%n",
          deleted, folders.root());
    }
  }

  @Override
  public Sink openSink(FlowSpec flow, FlowFeedback feedback) {
    return openSink(flow, feedback, OptionalLong.empty());
  }

  /**
   * A sink with a writer process of its own: an idle one, or one started for it, whose compiler
   * suits {@code sourceBytes} ({@link CassandraJvm#writerCompiler}).
   */
  @Override
  public Sink openSink(FlowSpec flow, FlowFeedback feedback, OptionalLong sourceBytes) {
    WriterProcess writer = takeIdleWriter();
    if (writer == null) {
      // One segment open per worker at most, each holding up to a buffer of rows.
      int heapMib =
          WRITER_BASE_HEAP_MIB + flow.workers() * options.bufferMib() * HEAP_PER_BUFFER_MIB;
      List<String> compiler = CassandraJvm.writerCompiler(sourceBytes);
      LOG.debug(
          "Starting an SSTable writer for {} of source left, compiler options {}",
          sourceBytes.isPresent() ? sourceBytes.getAsLong() + " bytes" : "an unknown size",
          compiler);
      writer =
          WriterProcess.start(
              folders.root().resolve("writer.log"),
              heapMib,
              compiler,
              options.format(),
              secretVariables);
      synchronized (this) {
        writers.add(writer);
      }
    }
    // Unique to this sink, so that it never writes into a folder another sink or run made.
    String runStamp =
        LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
            + "-"
            + UUID.randomUUID().toString().substring(0, 8);
    return new SstableSink(
        writer,
        folders,
        table,
        options.bufferMib(),
        options.segmentRows(),
        runStamp,
        cuts,
        this::giveBack);
  }

  /** An idle writer process that still takes rows, no longer idle; null when there is none. */
  private WriterProcess takeIdleWriter() {
    List<WriterProcess> ended = new ArrayList<>();
    WriterProcess taken = null;
    synchronized (this) {
      while (taken == null && !idleWriters.isEmpty()) {
        WriterProcess idle = idleWriters.pop();
        if (idle.takesRows()) {
          taken = idle;
        } else {
          writers.remove(idle);
          ended.add(idle);
        }
      }
    }
    ended.forEach(WriterProcess::close);
    return taken;
  }

  /**
   * A sink is done with its writer process: it waits for the next sink unless the sink left a
   * segment open in it, or it ended.
   */
  private void giveBack(WriterProcess writer, boolean clean) {
    synchronized (this) {
      if (clean && writer.takesRows() && writers.contains(writer)) {
        idleWriters.push(writer);
        return;
      }
      writers.remove(writer);
    }
    writer.close();
  }

  /**
   * Where and how the files are written and loaded, what a killed run left, and the size the rows
   * will take, estimated from the plan's sample.
   */
  @Override
  public List<String> planLines(List<Row> sampleRows, double scale) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            "Target: SSTables of %s.%s, written by Cassandra's own writer (the release in %s)"
                + " into %s, %,d rows per segment of a split, %s; %s loads them into"
                + " datacenter(s) %s only, at %d MiB/s each.",
            table.keyspace(),
            table.table(),
            CassandraHome.locate().dir(),
            folders.root(),
            options.segmentRows(),
            cuts.length == 0
                ? "one file per buffer (the replicas are the same across the ring)"
                : String.format(
                    "a file per range of the ring between its %,d replica change(s)", cuts.length),
            options.streamAfterMigrate()
                ? "migrate itself, once its run completes,"
                : "'sluice stream'",
            options.datacenters().isEmpty() ? List.of(localDatacenter) : options.datacenters(),
            options.throttleMib()));
    long bytes = 0;
    for (Row row : sampleRows) {
      try {
        bytes += table.cells().estimatedBytes(row);
      } catch (IllegalArgumentException e) {
        // A row the writer would refuse takes no room.
      }
    }
    if (bytes > 0 && scale > 0) {
      lines.add(
          String.format(
              "The files will take about %.1f MB before compression (from %,d sampled row(s)).",
              bytes * scale / 1e6, sampleRows.size()));
    }
    List<Path> segments = folders.segments();
    long complete = folders.complete().size();
    if (complete > 0) {
      lines.add(
          String.format(
              "%,d segment(s) in %s are written and wait for 'sluice stream'.",
              complete, folders.root()));
    }
    if (segments.size() > complete) {
      lines.add(
          String.format(
              "%,d incomplete segment(s) a stopped run left will be deleted when migrate starts.",
              segments.size() - complete));
    }
    return lines;
  }

  @Override
  public Sink openChecker(
      FlowSpec flow, FlowFeedback feedback, ValidationSpec spec, List<String> columns) {
    return cluster.openChecker(flow, feedback, spec, columns);
  }

  @Override
  public Sink openChecker(
      FlowSpec flow,
      FlowFeedback feedback,
      ValidationSpec spec,
      List<String> columns,
      boolean findsExtra) {
    return cluster.openChecker(flow, feedback, spec, columns, findsExtra);
  }

  @Override
  public List<KeyColumn> keyColumns() {
    return cluster.keyColumns();
  }

  @Override
  public void scanPrimaryKeys(Consumer<Map<String, Object>> keys) {
    cluster.scanPrimaryKeys(keys);
  }

  @Override
  public void deleteRow(PrimaryKey key, long timestampMicros) {
    cluster.deleteRow(key, timestampMicros);
  }

  /**
   * With {@code stream-after-migrate}, streams the segments once the run completed, as {@code
   * sluice stream} does: the writer process, whose JVM has Cassandra's classes loaded and compiled
   * by now, becomes the first datacenter's loader.
   */
  @Override
  public void afterMigration(JobSpec job, boolean completed, PrintWriter out) {
    if (!options.streamAfterMigrate()) {
      return;
    }
    if (!completed) {
      out.println(
          "Not streaming: the run did not complete. Run migrate again (it streams once the run"
              + " completes), or 'sluice stream' for the segments written so far.");
      return;
    }
    int deleted = folders.deleteIncomplete();
    if (deleted > 0) {
      // Only a task that failed and was run again leaves these once the run completed.
      LOG.info("Deleted {} incomplete SSTable segment(s) of failed tasks", deleted);
    }
    WriterProcess warm = takeIdleWriter();
    if (warm != null) {
      synchronized (this) {
        writers.remove(warm);
      }
    }
    try {
      SstableStream.run(
          job,
          out,
          warm == null
              ? SstableStream.NEW_PROCESS
              : plan ->
                  plan.tls() || plan.ring() == null || plan.tableId() == null
                      ? warm.becomeLoader(plan.args())
                      : warm.becomeRingLoader(plan.throttleMib(), plan.tableId(), plan.ring()),
          cluster);
    } finally {
      if (warm != null) {
        warm.close();
      }
    }
  }

  @Override
  public void close() {
    List<WriterProcess> open;
    synchronized (this) {
      open = new ArrayList<>(writers);
      writers.clear();
      idleWriters.clear();
    }
    try {
      open.forEach(WriterProcess::close);
    } finally {
      cluster.close();
    }
  }
}
