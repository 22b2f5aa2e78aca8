package io.sluice.spark;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointFile;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.state.LineStore;
import io.sluice.core.state.RejectFile;
import io.sluice.core.state.RejectLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The splits' state in a keyspace of the target cluster ({@code spark.state: keyspace}), for a
 * Spark cluster without a filesystem that every executor mounts: one row per split holding its
 * checkpoint as the CLI's {@code checkpoint.json} holds it, and its reject lines and its findings
 * (each in a table of its own) in chunks keyed by their byte offset, so that a mark and a resume
 * cut them exactly as a reject file is cut. Written at the target's consistency level.
 */
final class KeyspaceSplits implements SplitStore {

  static final String DEFAULT_KEYSPACE = "sluice_state";

  private final CqlSession session;
  private final String keyspace;
  private final String job;
  private final ConsistencyLevel consistency;
  private final PreparedStatement saveCheckpoint;
  private final PreparedStatement loadCheckpoints;
  private final PreparedStatement loadCheckpoint;
  private final Map<SplitLines, LineStatements> lines = new EnumMap<>(SplitLines.class);

  /** The statements over one kind of lines' table. */
  private record LineStatements(
      PreparedStatement add, PreparedStatement read, PreparedStatement cut) {}

  private KeyspaceSplits(
      CqlSession session, String keyspace, String job, ConsistencyLevel consistency) {
    this.session = session;
    this.keyspace = keyspace;
    this.job = job;
    this.consistency = consistency;
    String ks = quoted(keyspace);
    this.saveCheckpoint =
        session.prepare(
            "INSERT INTO " + ks + ".split_checkpoints (job, split, checkpoint) VALUES (?, ?, ?)");
    this.loadCheckpoints =
        session.prepare("SELECT split, checkpoint FROM " + ks + ".split_checkpoints WHERE job = ?");
    this.loadCheckpoint =
        session.prepare(
            "SELECT checkpoint FROM " + ks + ".split_checkpoints WHERE job = ? AND split = ?");
    for (SplitLines kind : SplitLines.values()) {
      String table = ks + "." + kind.table;
      lines.put(
          kind,
          new LineStatements(
              session.prepare(
                  "INSERT INTO " + table + " (job, split, offset, lines) VALUES (?, ?, ?, ?)"),
              session.prepare(
                  "SELECT offset, lines FROM " + table + " WHERE job = ? AND split = ?"),
              session.prepare(
                  "DELETE FROM " + table + " WHERE job = ? AND split = ? AND offset >= ?")));
    }
  }

  /**
   * Creates the keyspace and its tables when they are missing: the driver does, once, before any
   * task runs. The keyspace is replicated to the session's local datacenter only, three times (or
   * once per node of a smaller datacenter).
   */
  static void createSchema(CqlSession session, String keyspace, String datacenter) {
    long nodes =
        session.getMetadata().getNodes().values().stream()
            .map(Node::getDatacenter)
            .filter(datacenter::equals)
            .count();
    long replicas = Math.max(1, Math.min(3, nodes));
    String ks = quoted(keyspace);
    session.execute(
        "CREATE KEYSPACE IF NOT EXISTS "
            + ks
            + " WITH replication = {'class': 'NetworkTopologyStrategy', '"
            + datacenter.replace("'", "''")
            + "': "
            + replicas
            + "}");
    session.execute(
        "CREATE TABLE IF NOT EXISTS "
            + ks
            + ".split_checkpoints (job text, split text, checkpoint text,"
            + " PRIMARY KEY (job, split))");
    for (SplitLines kind : SplitLines.values()) {
      session.execute(
          "CREATE TABLE IF NOT EXISTS "
              + ks
              + "."
              + kind.table
              + " (job text, split text, offset bigint, lines text,"
              + " PRIMARY KEY ((job, split), offset))");
    }
  }

  /** The state of {@code job}'s splits in {@code keyspace}, which must exist already. */
  static KeyspaceSplits open(
      CqlSession session, String keyspace, String job, ConsistencyLevel consistency) {
    return new KeyspaceSplits(session, keyspace, job, consistency);
  }

  private static String quoted(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  @Override
  public CheckpointStore checkpoint(String splitId) {
    return new CheckpointStore() {
      @Override
      public Optional<Checkpoint> load() {
        Row row =
            session
                .execute(loadCheckpoint.bind(job, splitId).setConsistencyLevel(consistency))
                .one();
        return row == null
            ? Optional.empty()
            : Optional.of(
                CheckpointFile.fromJson(
                    row.getString("checkpoint").getBytes(StandardCharsets.UTF_8), location()));
      }

      @Override
      public void save(Checkpoint checkpoint) {
        session.execute(
            saveCheckpoint
                .bind(
                    job,
                    splitId,
                    new String(CheckpointFile.toJson(checkpoint), StandardCharsets.UTF_8))
                .setConsistencyLevel(consistency));
      }

      @Override
      public String location() {
        return KeyspaceSplits.this.location() + ", split " + splitId;
      }
    };
  }

  @Override
  public Map<String, Checkpoint> splitCheckpoints() {
    Map<String, Checkpoint> saved = new TreeMap<>(SplitStore::splitOrder);
    for (Row row : session.execute(loadCheckpoints.bind(job).setConsistencyLevel(consistency))) {
      String split = row.getString("split");
      saved.put(
          split,
          CheckpointFile.fromJson(
              row.getString("checkpoint").getBytes(StandardCharsets.UTF_8),
              location() + ", split " + split));
    }
    return saved;
  }

  @Override
  public LineStore openLines(String splitId, SplitLines kind, long keep) {
    session.execute(
        lines.get(kind).cut().bind(job, splitId, keep).setConsistencyLevel(consistency));
    return new Lines(splitId, lines.get(kind), keep);
  }

  @Override
  public void copyLines(String splitId, SplitLines kind, long mark, OutputStream to)
      throws IOException {
    for (Row row :
        session.execute(
            lines.get(kind).read().bind(job, splitId).setConsistencyLevel(consistency))) {
      if (row.getLong("offset") >= mark) {
        break;
      }
      to.write(row.getString("lines").getBytes(StandardCharsets.UTF_8));
    }
  }

  @Override
  public void clear() {
    for (String split : splitCheckpoints().keySet()) {
      for (LineStatements kind : lines.values()) {
        session.execute(kind.cut().bind(job, split, 0L).setConsistencyLevel(consistency));
      }
    }
    session.execute(
        session
            .prepare("DELETE FROM " + quoted(keyspace) + ".split_checkpoints WHERE job = ?")
            .bind(job)
            .setConsistencyLevel(consistency));
  }

  @Override
  public String location() {
    return "keyspace " + keyspace + " of the target cluster, job " + job;
  }

  @Override
  public void close() {
    session.close();
  }

  /**
   * One split's lines of a kind: added lines wait in memory until a mark writes them as one chunk
   * at the offset where they start, the offset being the lines' length in UTF-8 bytes, as a file's.
   */
  private final class Lines implements LineStore {

    private final String splitId;
    private final LineStatements statements;
    private final StringBuilder pending = new StringBuilder();
    private long length;

    Lines(String splitId, LineStatements statements, long length) {
      this.splitId = splitId;
      this.statements = statements;
      this.length = length;
    }

    @Override
    public synchronized void add(RejectLine line) {
      pending.append(RejectFile.toJson(line)).append('\n');
    }

    @Override
    public synchronized long mark() {
      if (pending.length() > 0) {
        String chunk = pending.toString();
        session.execute(
            statements.add().bind(job, splitId, length, chunk).setConsistencyLevel(consistency));
        length += chunk.getBytes(StandardCharsets.UTF_8).length;
        pending.setLength(0);
      }
      return length;
    }

    @Override
    public String location() {
      return KeyspaceSplits.this.location() + ", split " + splitId;
    }

    @Override
    public synchronized BufferedReader read() throws IOException {
      mark();
      List<String> chunks = new ArrayList<>();
      for (Row row :
          session.execute(statements.read().bind(job, splitId).setConsistencyLevel(consistency))) {
        chunks.add(row.getString("lines"));
      }
      return new BufferedReader(new StringReader(String.join("", chunks)));
    }

    @Override
    public void close() {}
  }
}
