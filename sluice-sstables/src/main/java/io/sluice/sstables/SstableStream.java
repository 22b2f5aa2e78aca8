package io.sluice.sstables;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import io.sluice.cassandra.BacklogProbes;
import io.sluice.cassandra.CassandraTarget;
import io.sluice.cassandra.Secrets;
import io.sluice.cassandra.SessionFactory;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.CompactionHold;
import io.sluice.core.job.ClusterSpec;
import io.sluice.core.job.CompactionSpec;
import io.sluice.core.job.JobSpec;
import io.sluice.core.job.TargetSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code sluice stream}: loads the complete segments an SSTable target wrote into the live cluster
 * with Cassandra's own loader ({@code BulkLoader}, in a process of its own over the fetched
 * release), into the datacenters named and no other: each datacenter in turn, every node outside it
 * passed to the loader as one to ignore, at the throttle given, over TLS when the target has it. It
 * refuses to start when a named datacenter does not exist or one of its nodes is down. Batches go
 * to the loader one at a time, each once that datacenter's compaction backlog is at or below the
 * job's {@code flow.compaction} marks, as a load pauses. A segment is marked loaded per datacenter
 * as soon as it is, so a rerun goes on where a killed one stopped, and is deleted (or kept under
 * {@code loaded/}) once every datacenter has it: nothing loads twice, nothing is left for a person
 * to delete.
 */
public final class SstableStream {

  private static final int LOADER_HEAP_MIB = 512;

  /** What a stream did: segments found complete, and loads done by this run. */
  public record Result(int segments, int loads) {}

  /**
   * A running loader ({@code SstableLoaderMain}'s protocol): its process, the streams to talk to
   * it, and the log its own output goes to.
   */
  record Loader(Process process, OutputStream input, InputStream output, Path log) {}

  /** A token range of the ring, {@code (start, end]}, with its replicas' storage addresses. */
  record Replicas(long start, long end, List<String> endpoints) {}

  /**
   * How to load into one datacenter.
   *
   * @param args Cassandra's loader's arguments: the datacenter's contact, every other node to
   *     ignore, the throttle, the login's name, the stores
   * @param secretVariables the environment variables a loader process must not inherit
   * @param streamLog where a loader process of its own writes its output
   * @param throttleMib the throttle, MiB/s
   * @param ring the keyspace's token ranges with their replicas in the datacenter, or null when the
   *     driver sees no ring
   * @param tableId the table's id in the cluster, or null when the driver does not say
   * @param tls whether the target has TLS settings (the loader must then connect as BulkLoader
   *     does)
   */
  record LoaderPlan(
      List<String> args,
      List<String> secretVariables,
      Path streamLog,
      int throttleMib,
      List<Replicas> ring,
      String tableId,
      boolean tls) {}

  /** Starts a loader for one datacenter. */
  interface Loaders {
    Loader start(LoaderPlan plan) throws IOException;
  }

  /** A loader process of its own over the fetched release, its output in the stream's log. */
  static final Loaders NEW_PROCESS =
      plan -> {
        ProcessBuilder builder =
            new ProcessBuilder(
                    CassandraJvm.command(CassandraJvm.LOADER_MAIN, LOADER_HEAP_MIB, plan.args()))
                .redirectError(ProcessBuilder.Redirect.appendTo(plan.streamLog().toFile()));
        plan.secretVariables().forEach(builder.environment()::remove);
        Process process = builder.start();
        return new Loader(
            process, process.getOutputStream(), process.getInputStream(), plan.streamLog());
      };

  private SstableStream() {}

  public static Result run(JobSpec job, PrintWriter out) {
    return run(job, out, NEW_PROCESS, null);
  }

  /**
   * Streams as {@link #run(JobSpec, PrintWriter)} does, the first datacenter's loader started by
   * {@code first} (the writer process, after a migration), the others' by processes of their own;
   * over {@code connected}, the target's connection, when it is open already (it stays open).
   */
  static Result run(JobSpec job, PrintWriter out, Loaders first, CassandraTarget connected) {
    TargetSpec spec = job.target();
    Path baseDir = job.baseDir();
    SstablesOptions options = SstablesTargetProvider.options(spec);
    SegmentFolders folders =
        new SegmentFolders(
            baseDir.resolve(options.directory()).normalize(), spec.keyspace(), spec.table());
    List<String> datacenters =
        options.datacenters().isEmpty() ? List.of(spec.localDatacenter()) : options.datacenters();
    String password =
        Secrets.read(
            "target.password", spec.passwordEnv(), spec.passwordFile(), baseDir, System.getenv());
    LoaderTls tls = LoaderTls.of(spec.tls(), "target", baseDir, System.getenv());
    CassandraTarget cluster =
        connected != null ? connected : CassandraTarget.connect(spec, baseDir);
    // A session local to each datacenter named, for its nodes' state and its compaction backlog.
    Map<String, CqlSession> local = new HashMap<>();
    try {
      Map<String, List<Node>> ring =
          byDatacenter(cluster.session().getMetadata().getNodes().values());
      check(ring, datacenters, spec.cluster(), baseDir, cluster.session(), local);
      List<Path> segments = folders.complete();
      out.printf(
          "Streaming %d segment(s) of %s.%s from %s into datacenter(s) %s at %d MiB/s each%n",
          segments.size(),
          spec.keyspace(),
          spec.table(),
          folders.root(),
          datacenters,
          options.throttleMib());
      int loads = 0;
      long pauses = 0;
      double pausedSeconds = 0;
      Loaders loaders = first;
      for (String datacenter : datacenters) {
        List<Path> waiting =
            segments.stream().filter(s -> !SegmentFolders.loaded(s, datacenter)).toList();
        if (waiting.isEmpty()) {
          continue;
        }
        // The backlog is read from the datacenter's own nodes: a session local to it.
        CompactionSpec compaction = job.flow().compaction();
        try (BacklogProbe probe = BacklogProbes.open(local.get(datacenter), compaction)) {
          CompactionHold hold = new CompactionHold(compaction, probe);
          out.printf("Compaction watch in %s: %s%n", datacenter, hold.signal());
          loads +=
              load(
                  folders,
                  waiting,
                  datacenter,
                  ring,
                  spec.username(),
                  password,
                  tls,
                  secretVariables(spec),
                  options,
                  hold,
                  loaders,
                  replicasIn(
                      cluster.session().getMetadata().getTokenMap().orElse(null),
                      spec.keyspace(),
                      datacenter),
                  tableId(cluster, spec),
                  out);
          loaders = NEW_PROCESS;
          pauses += hold.pauses();
          pausedSeconds += hold.pausedSeconds();
        }
      }
      for (Path segment : segments) {
        folders.retire(segment, options.keepLoaded());
      }
      out.printf(
          "Streamed %d segment(s) into %s: %d load(s) by this run; paused %d time(s), %.1f s in"
              + " all, for compaction%n",
          segments.size(), datacenters, loads, pauses, pausedSeconds);
      return new Result(segments.size(), loads);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    } finally {
      local.values().stream()
          .filter(session -> session != cluster.session())
          .forEach(CqlSession::close);
      if (connected == null) {
        cluster.close();
      }
    }
  }

  private static Map<String, List<Node>> byDatacenter(Collection<Node> nodes) {
    Map<String, List<Node>> ring = new TreeMap<>();
    for (Node node : nodes) {
      ring.computeIfAbsent(String.valueOf(node.getDatacenter()), dc -> new ArrayList<>()).add(node);
    }
    return ring;
  }

  /**
   * Refuses datacenters the ring lacks, and named datacenters with a node down. A node's state is
   * known only to a session that connects to it, so each named datacenter is checked by a session
   * local to it, which stays in {@code local} for the stream: the target's own {@code connected}
   * for its local datacenter, a new one for any other.
   */
  private static void check(
      Map<String, List<Node>> ring,
      List<String> datacenters,
      ClusterSpec cluster,
      Path baseDir,
      CqlSession connected,
      Map<String, CqlSession> local) {
    for (String datacenter : datacenters) {
      if (!ring.containsKey(datacenter)) {
        throw new IllegalArgumentException(
            "target.options.datacenters names "
                + datacenter
                + ", which the target cluster does not have; it has "
                + ring.keySet());
      }
      CqlSession session =
          datacenter.equals(cluster.localDatacenter())
              ? connected
              : SessionFactory.open(inside(cluster, datacenter), baseDir);
      local.put(datacenter, session);
      for (Node node : session.getMetadata().getNodes().values()) {
        if (datacenter.equals(node.getDatacenter()) && node.getState() != NodeState.UP) {
          throw new IllegalArgumentException(
              "node "
                  + node.getEndPoint()
                  + " of datacenter "
                  + datacenter
                  + " is "
                  + node.getState().name().toLowerCase(java.util.Locale.ROOT)
                  + ": the rows it holds a replica of would not reach it; start it, or leave "
                  + datacenter
                  + " out and repair it later");
        }
      }
    }
  }

  /** The environment variables that hold the target's secrets: the loader needs none of them. */
  static List<String> secretVariables(TargetSpec spec) {
    List<String> names = new ArrayList<>();
    names.add(spec.passwordEnv());
    if (spec.tls() != null) {
      names.add(spec.tls().truststorePasswordEnv());
      names.add(spec.tls().keystorePasswordEnv());
    }
    names.removeIf(Objects::isNull);
    return names;
  }

  /** The cluster's settings with {@code datacenter} as the local one. */
  private static ClusterSpec inside(ClusterSpec cluster, String datacenter) {
    return new ClusterSpec(
        cluster.prefix(),
        cluster.contactPoints(),
        datacenter,
        cluster.username(),
        cluster.passwordEnv(),
        cluster.passwordFile(),
        cluster.consistency(),
        cluster.tls());
  }

  /**
   * Runs the loader over {@code segments} into one datacenter, every other node ignored, marking
   * each segment loaded there as soon as the loader says so; returns how many it loaded.
   */
  private static int load(
      SegmentFolders folders,
      List<Path> segments,
      String datacenter,
      Map<String, List<Node>> ring,
      String username,
      String password,
      LoaderTls tls,
      List<String> secretVariables,
      SstablesOptions options,
      CompactionHold hold,
      Loaders loaders,
      List<Replicas> replicas,
      String tableId,
      PrintWriter out)
      throws IOException {
    List<Node> inside = ring.get(datacenter);
    List<String> ignored = new ArrayList<>();
    ring.forEach(
        (dc, nodes) -> {
          if (!dc.equals(datacenter)) {
            nodes.forEach(node -> ignored.add(storageAddress(node)));
          }
        });
    InetSocketAddress contact = (InetSocketAddress) inside.get(0).getEndPoint().resolve();
    List<String> args = new ArrayList<>();
    args.addAll(List.of("-d", contact.getAddress().getHostAddress()));
    args.addAll(List.of("-p", String.valueOf(contact.getPort())));
    inside
        .get(0)
        .getBroadcastAddress()
        .ifPresent(storage -> args.addAll(List.of("-sp", String.valueOf(storage.getPort()))));
    if (!ignored.isEmpty()) {
      args.addAll(List.of("--ignore", String.join(",", ignored)));
    }
    args.addAll(List.of("--throttle-mib", String.valueOf(options.throttleMib())));
    if (username != null) {
      args.addAll(List.of("-u", username));
    }
    args.addAll(tls.args());
    Loader loader =
        loaders.start(
            new LoaderPlan(
                args,
                secretVariables,
                folders.root().resolve("stream.log"),
                options.throttleMib(),
                replicas,
                tableId,
                tls.enabled()));
    Process process = loader.process();
    Path log = loader.log();
    List<List<Path>> batches = batches(folders, segments, options.streamBatchMib());
    Map<String, List<Path>> byFolder = new HashMap<>();
    for (int i = 0; i < batches.size(); i++) {
      byFolder.put(folders.stage(i, batches.get(i)).toString(), batches.get(i));
    }
    int loaded = 0;
    String failure = null;
    boolean done = false;
    // Held open while the loader works: its end tells the loader that this process is gone.
    try (Writer toLoader = new OutputStreamWriter(loader.input(), StandardCharsets.UTF_8);
        BufferedReader answers =
            new BufferedReader(new InputStreamReader(loader.output(), StandardCharsets.UTF_8))) {
      toLoader.write((password == null ? "" : password) + "\n");
      toLoader.write(tls.truststorePassword() + "\n");
      toLoader.write(tls.keystorePassword() + "\n");
      toLoader.flush();
      for (String folder : byFolder.keySet().stream().sorted().toList()) {
        hold.awaitRoom(said -> out.printf("Datacenter %s: %s%n", datacenter, said));
        toLoader.write(folder + "\n");
        toLoader.flush();
        String line = answers.readLine();
        if (line == null) {
          break;
        }
        String[] parts = line.split("\t", 3);
        List<Path> batch = parts.length > 1 ? byFolder.get(parts[1]) : null;
        if (parts[0].equals("LOADED") && batch != null) {
          for (Path segment : batch) {
            SegmentFolders.markLoaded(segment, datacenter);
            loaded++;
            out.printf(
                "Loaded %s into %s (%s)%n",
                folders.root().relativize(segment),
                datacenter,
                mib(size(folders.tableFolder(segment))));
          }
        } else {
          failure = parts.length > 2 ? parts[2] : "unexpected answer " + parts[0];
          break;
        }
      }
      if (failure == null && loaded == segments.size()) {
        toLoader.write("\n");
        toLoader.flush();
        done = "DONE".equals(answers.readLine());
        if (done) {
          // Every folder is streamed and answered: all the loader has left is its JVM's exit,
          // which waits about 0.3 s for its idle streaming threads. Nothing is lost by a kill.
          process.destroyForcibly();
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while loading into " + datacenter, e);
    } finally {
      folders.clearStaging();
    }
    try {
      int exit = done ? 0 : process.waitFor();
      if (exit != 0 || loaded < segments.size()) {
        throw new IllegalStateException(
            "Cassandra's loader stopped loading into "
                + datacenter
                + " after "
                + loaded
                + " of "
                + segments.size()
                + " segment(s)"
                + (failure == null ? " (exit " + exit + ")" : ": " + failure)
                + "; its output is in "
                + log
                + ". Run sluice stream again to go on from there.");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while loading into " + datacenter, e);
    }
    return loaded;
  }

  /** The table's id in the cluster, or null. */
  private static String tableId(CassandraTarget cluster, TargetSpec spec) {
    return cluster
        .session()
        .getMetadata()
        .getKeyspace(CqlIdentifier.fromInternal(spec.keyspace()))
        .flatMap(keyspace -> keyspace.getTable(CqlIdentifier.fromInternal(spec.table())))
        .flatMap(table -> table.getId())
        .map(Object::toString)
        .orElse(null);
  }

  /** The token ranges of {@code keyspace} with their replicas in {@code datacenter}, or null. */
  private static List<Replicas> replicasIn(TokenMap ring, String keyspace, String datacenter) {
    if (ring == null) {
      return null;
    }
    CqlIdentifier id = CqlIdentifier.fromInternal(keyspace);
    List<Replicas> replicas = new ArrayList<>();
    for (TokenRange range : ring.getTokenRanges()) {
      List<String> endpoints =
          ring.getReplicas(id, range).stream()
              .filter(node -> datacenter.equals(node.getDatacenter()))
              .map(SstableStream::storageAddress)
              .sorted()
              .toList();
      if (!endpoints.isEmpty()) {
        replicas.add(
            new Replicas(
                Long.parseLong(ring.format(range.getStart())),
                Long.parseLong(ring.format(range.getEnd())),
                endpoints));
      }
    }
    return replicas;
  }

  /** The segments in order, cut into batches of about {@code batchMib} MiB each. */
  private static List<List<Path>> batches(SegmentFolders folders, List<Path> segments, int batchMib)
      throws IOException {
    List<List<Path>> batches = new ArrayList<>();
    List<Path> batch = new ArrayList<>();
    long bytes = 0;
    for (Path segment : segments) {
      long size = size(folders.tableFolder(segment));
      if (!batch.isEmpty() && bytes + size > batchMib * 1048576L) {
        batches.add(batch);
        batch = new ArrayList<>();
        bytes = 0;
      }
      batch.add(segment);
      bytes += size;
    }
    if (!batch.isEmpty()) {
      batches.add(batch);
    }
    return batches;
  }

  private static String storageAddress(Node node) {
    InetSocketAddress storage =
        node.getBroadcastAddress().orElse((InetSocketAddress) node.getEndPoint().resolve());
    return storage.getAddress().getHostAddress() + ":" + storage.getPort();
  }

  private static long size(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      long total = 0;
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        total += Files.size(file);
      }
      return total;
    }
  }

  private static String mib(long bytes) {
    return String.format("%.1f MiB", bytes / 1048576.0);
  }
}
