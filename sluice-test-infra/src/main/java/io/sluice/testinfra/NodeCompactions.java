package io.sluice.testinfra;

import java.io.IOException;
import java.net.MalformedURLException;
import java.util.Map;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Steers and reads one node's compactions over JMX, as {@code nodetool} does, so that tests can
 * build a compaction backlog on purpose. Each call opens its own short JMX connection, so an
 * instance needs no closing. Parameters of this type are filled in by {@link RealCassandra}.
 *
 * <p>A backlog shows in Cassandra 5.0 only once compaction may run: {@code PendingTasks} is
 * refreshed when Cassandra looks for compactions to start, which it skips for tables whose
 * autocompaction is disabled, so it stays 0 however many SSTables they have. To hold a backlog for
 * a while, disable autocompaction, write and {@link #flush} several times, {@link
 * #setCompactionThroughputMibPerSec throttle} compaction to 1 MiB/s and {@link
 * #enableAutoCompaction enable} it again; unthrottle to let it finish. Throughput is a node-wide
 * setting: put back what {@link #compactionThroughputMibPerSec()} read.
 *
 * <pre>{@code
 * compactions.disableAutoCompaction(ks, "t");
 * for (int i = 0; i < 6; i++) { write(...); compactions.flush(ks, "t"); }
 * compactions.setCompactionThroughputMibPerSec(1);
 * compactions.enableAutoCompaction(ks, "t");        // pendingTasks() > 0 for a while
 * }</pre>
 */
public final class NodeCompactions {

  private static final ObjectName STORAGE_SERVICE =
      objectName("org.apache.cassandra.db:type=StorageService");
  private static final ObjectName PENDING_TASKS =
      objectName("org.apache.cassandra.metrics:type=Compaction,name=PendingTasks");

  /** The signature of StorageService's {@code (String keyspace, String... tables)} operations. */
  private static final String[] KEYSPACE_AND_TABLES = {
    String.class.getName(), String[].class.getName()
  };

  private final NodeJmx jmx;

  public NodeCompactions(NodeJmx jmx) {
    this.jmx = jmx;
  }

  public NodeJmx jmx() {
    return jmx;
  }

  /**
   * Stops Cassandra from starting compactions of the table (like {@code nodetool
   * disableautocompaction}).
   */
  public void disableAutoCompaction(String keyspace, String table) {
    onTable("disableAutoCompaction", keyspace, table);
  }

  /** Lets Cassandra compact the table again, and has it look for compactions to start at once. */
  public void enableAutoCompaction(String keyspace, String table) {
    onTable("enableAutoCompaction", keyspace, table);
  }

  /** Whether autocompaction of the table is enabled. */
  public boolean autoCompactionEnabled(String keyspace, String table) {
    // Despite its name, the operation tells per table whether autocompaction is *disabled*.
    Map<?, ?> disabled =
        (Map<?, ?>)
            call(
                mbeans ->
                    mbeans.invoke(
                        STORAGE_SERVICE,
                        "getAutoCompactionStatus",
                        new Object[] {keyspace, new String[] {table}},
                        KEYSPACE_AND_TABLES));
    if (!(disabled.get(table) instanceof Boolean tableDisabled)) {
      throw new IllegalStateException(
          "The node has no autocompaction status for " + keyspace + "." + table + ": " + disabled);
    }
    return !tableDisabled;
  }

  /** Writes the table's memtable to a new SSTable, and returns once it is written. */
  public void flush(String keyspace, String table) {
    onTable("forceKeyspaceFlush", keyspace, table);
  }

  /**
   * The node's {@code PendingTasks} compaction metric: compactions estimated to run, plus running.
   */
  public int pendingTasks() {
    return ((Number) call(mbeans -> mbeans.getAttribute(PENDING_TASKS, "Value"))).intValue();
  }

  /** How many SSTables the table has on the node now. */
  public int liveSSTableCount(String keyspace, String table) {
    ObjectName count =
        objectName(
            "org.apache.cassandra.metrics:type=Table,keyspace="
                + keyspace
                + ",scope="
                + table
                + ",name=LiveSSTableCount");
    return ((Number) call(mbeans -> mbeans.getAttribute(count, "Value"))).intValue();
  }

  /** The node's compaction throughput limit in MiB/s; 0 means unthrottled. */
  public int compactionThroughputMibPerSec() {
    return ((Number)
            call(mbeans -> mbeans.getAttribute(STORAGE_SERVICE, "CompactionThroughputMbPerSec")))
        .intValue();
  }

  /**
   * Sets the node's compaction throughput limit in MiB/s (0 unthrottles); running ones obey at
   * once.
   */
  public void setCompactionThroughputMibPerSec(int mibPerSec) {
    call(
        mbeans -> {
          mbeans.setAttribute(
              STORAGE_SERVICE, new Attribute("CompactionThroughputMbPerSec", mibPerSec));
          return null;
        });
  }

  private void onTable(String operation, String keyspace, String table) {
    call(
        mbeans ->
            mbeans.invoke(
                STORAGE_SERVICE,
                operation,
                new Object[] {keyspace, new String[] {table}},
                KEYSPACE_AND_TABLES));
  }

  private interface JmxCall {
    Object apply(MBeanServerConnection mbeans) throws IOException, JMException;
  }

  private Object call(JmxCall call) {
    try (JMXConnector connector = JMXConnectorFactory.connect(serviceUrl())) {
      return call.apply(connector.getMBeanServerConnection());
    } catch (IOException | JMException e) {
      throw new IllegalStateException(
          "JMX call to the test node at " + jmx.hostAndPort() + " failed: " + e, e);
    }
  }

  private JMXServiceURL serviceUrl() {
    try {
      return new JMXServiceURL(jmx.serviceUrl());
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static ObjectName objectName(String name) {
    try {
      return new ObjectName(name);
    } catch (MalformedObjectNameException e) {
      throw new IllegalStateException(e);
    }
  }
}
