package io.sluice.sstables.writer;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.config.EncryptionOptions;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.dht.Range;
import org.apache.cassandra.dht.Token;
import org.apache.cassandra.io.sstable.SSTableLoader;
import org.apache.cassandra.io.util.File;
import org.apache.cassandra.locator.InetAddressAndPort;
import org.apache.cassandra.schema.Schema;
import org.apache.cassandra.schema.TableId;
import org.apache.cassandra.schema.TableMetadata;
import org.apache.cassandra.schema.TableMetadataRef;
import org.apache.cassandra.streaming.StreamingChannel;
import org.apache.cassandra.tools.BulkLoadConnectionFactory;
import org.apache.cassandra.utils.OutputHandler;

/**
 * Cassandra's {@link SSTableLoader} fed the ring Sluice already read, in the writer process once
 * its files are written: the table's schema is the one the writer used, and the token ranges and
 * their replicas in the datacenter being loaded come from Sluice's own connection. Unlike {@code
 * BulkLoader}, it opens no connection of its own to read them (seconds per run), and streams only
 * to the replicas it is given, so nodes of other datacenters need no ignoring. It serves {@link
 * SstableLoaderMain}'s protocol; the secret lines are read and unused, as streaming between the
 * loader and the nodes takes no login (this path is not used when the target has TLS settings).
 */
final class RingLoader extends SSTableLoader.Client {

  /** One token range and the storage addresses of its replicas, as Sluice sends them. */
  private record Replicas(long start, long end, List<String> endpoints) {}

  private final List<Replicas> ring;
  private final TableId tableId;
  private String keyspace;

  private RingLoader(List<Replicas> ring, TableId tableId) {
    this.ring = ring;
    this.tableId = tableId;
  }

  /**
   * What to load and how fast, read from {@code in}: {@code throttleMiB:int tableId:text ranges:int
   * [start:long end:long endpoints:int [host:port text]...]...}; the table's id is the cluster's,
   * which the receiving nodes know the table by.
   */
  record Plan(int throttleMib, TableId tableId, List<Replicas> ring) {}

  static Plan read(DataInputStream in) throws IOException {
    int throttleMib = in.readInt();
    TableId tableId = TableId.fromString(text(in));
    int ranges = in.readInt();
    List<Replicas> ring = new ArrayList<>(ranges);
    for (int i = 0; i < ranges; i++) {
      long start = in.readLong();
      long end = in.readLong();
      int count = in.readInt();
      List<String> endpoints = new ArrayList<>(count);
      for (int e = 0; e < count; e++) {
        endpoints.add(text(in));
      }
      ring.add(new Replicas(start, end, endpoints));
    }
    return new Plan(throttleMib, tableId, ring);
  }

  private static String text(DataInputStream in) throws IOException {
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * Serves the loader's protocol on {@code in} and {@code answers}, loading as {@code plan} says.
   */
  static void serve(Plan plan, InputStream in, PrintStream answers) throws Exception {
    long bytesPerSecond = plan.throttleMib() * 1048576L;
    DatabaseDescriptor.setStreamThroughputOutboundBytesPerSec(bytesPerSecond);
    DatabaseDescriptor.setInterDCStreamThroughputOutboundBytesPerSec(bytesPerSecond);
    DatabaseDescriptor.setEntireSSTableStreamThroughputOutboundMebibytesPerSec(plan.throttleMib());
    DatabaseDescriptor.setEntireSSTableInterDCStreamThroughputOutboundMebibytesPerSec(
        plan.throttleMib());
    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    for (int secret = 0; secret < 3; secret++) {
      lines.readLine();
    }
    SstableLoaderMain.loadFolders(lines, answers, folder -> load(plan, folder));
  }

  private static void load(Plan plan, String folder) throws Exception {
    SSTableLoader loader =
        new SSTableLoader(
            new File(folder).toAbsolute(),
            new RingLoader(plan.ring(), plan.tableId()),
            new OutputHandler.SystemOutput(false, true),
            1,
            null,
            null);
    loader.stream(Set.of()).get();
    if (!loader.getFailedHosts().isEmpty()) {
      throw new IOException("streaming to " + loader.getFailedHosts() + " failed");
    }
  }

  @Override
  public void init(String keyspace) {
    this.keyspace = keyspace;
    try {
      for (Replicas range : ring) {
        Range<Token> tokens =
            new Range<>(
                new Murmur3Partitioner.LongToken(range.start()),
                new Murmur3Partitioner.LongToken(range.end()));
        for (String endpoint : range.endpoints()) {
          int colon = endpoint.lastIndexOf(':');
          addRangeForEndpoint(
              tokens,
              InetAddressAndPort.getByNameOverrideDefaults(
                  endpoint.substring(0, colon), Integer.parseInt(endpoint.substring(colon + 1))));
        }
      }
    } catch (UnknownHostException e) {
      throw new IllegalStateException("a replica's address is not an address: " + e, e);
    }
  }

  /**
   * Connections as Cassandra's own loader makes them from outside a node (a node's way asks its
   * local tables for the peer's preferred address), unencrypted: this path serves targets without
   * TLS settings only.
   */
  @Override
  public StreamingChannel.Factory getConnectionFactory() {
    int storagePort =
        ring.stream()
            .flatMap(range -> range.endpoints().stream())
            .findFirst()
            .map(endpoint -> Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1)))
            .orElse(DatabaseDescriptor.getStoragePort());
    return new BulkLoadConnectionFactory(
        new EncryptionOptions.ServerEncryptionOptions(), storagePort);
  }

  @Override
  public TableMetadataRef getTableMetadata(String table) {
    TableMetadata written = Schema.instance.getTableMetadata(keyspace, table);
    if (written == null) {
      throw new IllegalStateException(
          "the writer holds no schema for " + keyspace + "." + table + ": it wrote no file of it");
    }
    return TableMetadataRef.forOfflineTools(written.unbuild().id(tableId).build());
  }
}
