package io.sluice.node;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How to start a local node. Everything is optional; {@link #defaults()} starts Cassandra from the
 * distribution found by {@link CassandraHome#locate()}, with the Java found by {@link
 * JavaRuntime#find}, on the ports recorded in the folder (or 9042, 7000, 7199 the first time), with
 * a 1 GiB heap, waiting up to five minutes for CQL (a start that fails ends at once).
 *
 * <p>Error messages name the command-line options of {@code sluice cassandra start} that change a
 * setting: {@code --native-port}, {@code --storage-port}, {@code --jmx-port}, {@code --java-home}.
 */
public final class NodeOptions {

  /** The heap a node gets unless told otherwise: 1 GiB. */
  public static final int DEFAULT_HEAP_MB = 1024;

  /** How long a start waits for CQL to answer unless told otherwise. */
  public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(5);

  private final Path cassandraHome;
  private final Path javaHome;
  private final Map<NodePort, Integer> ports;
  private final boolean pickFreePorts;
  private final Integer heapMb;
  private final Duration startTimeout;
  private final Map<String, Object> cassandraYamlOverrides;
  private final String datacenter;
  private final Map<String, String> systemProperties;
  private final List<String> jvmOptions;

  private NodeOptions(Builder builder) {
    this.cassandraHome = builder.cassandraHome;
    this.javaHome = builder.javaHome;
    this.ports = Collections.unmodifiableMap(new EnumMap<>(builder.ports));
    this.pickFreePorts = builder.pickFreePorts;
    this.heapMb = builder.heapMb;
    this.startTimeout = builder.startTimeout;
    this.cassandraYamlOverrides =
        Collections.unmodifiableMap(new LinkedHashMap<>(builder.cassandraYamlOverrides));
    this.datacenter = builder.datacenter;
    this.systemProperties =
        Collections.unmodifiableMap(new LinkedHashMap<>(builder.systemProperties));
    this.jvmOptions = List.copyOf(builder.jvmOptions);
  }

  /** The node's datacenter: {@link NodeStatus#LOCAL_DATACENTER} unless told otherwise. */
  public String datacenter() {
    return datacenter;
  }

  public static NodeOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The Cassandra distribution folder (holding {@code lib/}), if not the located one. */
  public Optional<Path> cassandraHome() {
    return Optional.ofNullable(cassandraHome);
  }

  /** The Java installation to run Cassandra with, if not the one {@link JavaRuntime} finds. */
  public Optional<Path> javaHome() {
    return Optional.ofNullable(javaHome);
  }

  /** The ports asked for explicitly; the others come from the folder's record or the defaults. */
  public Map<NodePort, Integer> ports() {
    return ports;
  }

  /** Whether ports not asked for explicitly may be any free ports (for tests). */
  public boolean pickFreePorts() {
    return pickFreePorts;
  }

  /** The heap in MiB, if asked for; otherwise the recorded one, or {@value #DEFAULT_HEAP_MB}. */
  public Optional<Integer> heapMb() {
    return Optional.ofNullable(heapMb);
  }

  public Duration startTimeout() {
    return startTimeout;
  }

  /** Settings merged over the generated {@code cassandra.yaml}, by top-level key. */
  public Map<String, Object> cassandraYamlOverrides() {
    return cassandraYamlOverrides;
  }

  /** Java system properties given to the Cassandra process of this start only. */
  public Map<String, String> systemProperties() {
    return systemProperties;
  }

  /** Further options of the Cassandra JVM, for this start only. */
  public List<String> jvmOptions() {
    return jvmOptions;
  }

  /** Builds {@link NodeOptions}. */
  public static final class Builder {
    private Path cassandraHome;
    private Path javaHome;
    private final Map<NodePort, Integer> ports = new EnumMap<>(NodePort.class);
    private boolean pickFreePorts;
    private Integer heapMb;
    private Duration startTimeout = DEFAULT_START_TIMEOUT;
    private final Map<String, Object> cassandraYamlOverrides = new LinkedHashMap<>();
    private String datacenter = NodeStatus.LOCAL_DATACENTER;
    private final Map<String, String> systemProperties = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();

    private Builder() {}

    public Builder cassandraHome(Path cassandraHome) {
      this.cassandraHome = cassandraHome;
      return this;
    }

    public Builder javaHome(Path javaHome) {
      this.javaHome = javaHome;
      return this;
    }

    /** Asks for {@code port} to be {@code number}, whatever the folder recorded. */
    public Builder port(NodePort port, int number) {
      this.ports.put(port, number);
      return this;
    }

    public Builder nativePort(int number) {
      return port(NodePort.NATIVE, number);
    }

    public Builder storagePort(int number) {
      return port(NodePort.STORAGE, number);
    }

    public Builder jmxPort(int number) {
      return port(NodePort.JMX, number);
    }

    /**
     * Lets the node use any free ports for those not asked for explicitly, keeping a recorded port
     * while it is free. For tests, where the default ports may be taken.
     */
    public Builder pickFreePorts(boolean pickFreePorts) {
      this.pickFreePorts = pickFreePorts;
      return this;
    }

    public Builder heapMb(int heapMb) {
      if (heapMb < 256) {
        throw new LocalNodeException(
            "A heap of " + heapMb + " MiB is too small for Cassandra; give it at least 256 MiB.");
      }
      this.heapMb = heapMb;
      return this;
    }

    public Builder startTimeout(Duration startTimeout) {
      this.startTimeout = startTimeout;
      return this;
    }

    /**
     * Puts the node in datacenter {@code name} (with {@code GossipingPropertyFileSnitch}, which
     * every node of the cluster must then use), for clusters of several datacenters.
     */
    public Builder datacenter(String name) {
      this.datacenter = name;
      return cassandraYaml("endpoint_snitch", "GossipingPropertyFileSnitch");
    }

    /**
     * Sets {@code key} in the generated {@code cassandra.yaml}, replacing the generated value; null
     * removes the key.
     */
    public Builder cassandraYaml(String key, Object value) {
      this.cassandraYamlOverrides.put(key, value);
      return this;
    }

    public Builder cassandraYaml(Map<String, ?> overrides) {
      this.cassandraYamlOverrides.putAll(overrides);
      return this;
    }

    /**
     * Gives the Cassandra process the system property {@code name}, for the settings Cassandra
     * reads only from system properties (such as {@code cassandra.ring_delay_ms}). It holds for
     * this start only: a later start of the same folder does not repeat it.
     */
    public Builder systemProperty(String name, String value) {
      this.systemProperties.put(name, value);
      return this;
    }

    /**
     * Gives the Cassandra JVM a further option, after the ones Cassandra's own scripts give, for
     * this start only (tests, for one, run their short-lived nodes with the C1 compiler alone).
     */
    public Builder jvmOption(String option) {
      this.jvmOptions.add(option);
      return this;
    }

    public NodeOptions build() {
      return new NodeOptions(this);
    }
  }
}
