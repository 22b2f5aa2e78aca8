package io.sluice.node;

import java.nio.file.Path;
import java.util.List;

/**
 * Where everything of one local node lives inside its folder.
 *
 * <pre>
 * node.json          Sluice's record of the node (version, ports, heap, pid)
 * node.lock          held while a start or stop is in progress
 * cassandra.yaml     generated at every start
 * logback.xml        generated at every start
 * cassandra.pid      the pid of the running Cassandra process
 * logs/system.log    Cassandra's own log
 * logs/stdout.log    whatever the Cassandra JVM prints
 * data/ commitlog/ saved_caches/ hints/ cdc_raw/
 * </pre>
 *
 * @param dir the node folder, absolute and normalized
 */
public record NodeLayout(Path dir) {

  public NodeLayout {
    dir = dir.toAbsolutePath().normalize();
  }

  public Path stateFile() {
    return dir.resolve("node.json");
  }

  public Path lockFile() {
    return dir.resolve("node.lock");
  }

  public Path cassandraYaml() {
    return dir.resolve("cassandra.yaml");
  }

  public Path logbackXml() {
    return dir.resolve("logback.xml");
  }

  /** The node's datacenter and rack, as {@code GossipingPropertyFileSnitch} reads them. */
  public Path rackdcProperties() {
    return dir.resolve("cassandra-rackdc.properties");
  }

  public Path pidFile() {
    return dir.resolve("cassandra.pid");
  }

  public Path logDir() {
    return dir.resolve("logs");
  }

  /** Cassandra's log, the first place to look when something goes wrong. */
  public Path systemLog() {
    return logDir().resolve("system.log");
  }

  /** What the Cassandra JVM prints itself, such as JVM start-up errors. */
  public Path stdoutLog() {
    return logDir().resolve("stdout.log");
  }

  public Path dataDir() {
    return dir.resolve("data");
  }

  public Path commitlogDir() {
    return dir.resolve("commitlog");
  }

  public Path savedCachesDir() {
    return dir.resolve("saved_caches");
  }

  public Path hintsDir() {
    return dir.resolve("hints");
  }

  public Path cdcRawDir() {
    return dir.resolve("cdc_raw");
  }

  /** The folders Cassandra keeps its data in (everything but logs and Sluice's own files). */
  public List<Path> storageDirs() {
    return List.of(dataDir(), commitlogDir(), savedCachesDir(), hintsDir(), cdcRawDir());
  }
}
