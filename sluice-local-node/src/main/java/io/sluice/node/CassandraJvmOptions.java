package io.sluice.node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one place that says how the Cassandra JVM is started: its main class, the JVM options, and
 * the system properties that point Cassandra at a node folder.
 *
 * <p>{@link #SERVER_OPTIONS} and {@link #JAVA17_SERVER_OPTIONS} are copied from the {@code
 * conf/jvm-server.options} and {@code conf/jvm17-server.options} files of the Apache Cassandra 5.0
 * tarball (the settings its {@code bin/cassandra} script reads), minus the heap and GC logging
 * lines, which {@link #command} sets itself. Cassandra 5.0 also runs on Java 11; the Java 17 list
 * works there too, as every module it opens exists on Java 11.
 */
public final class CassandraJvmOptions {

  /** The class {@code bin/cassandra} runs. */
  public static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";

  /** From {@code conf/jvm-server.options}: options for any Java version. */
  public static final List<String> SERVER_OPTIONS =
      List.of(
          "-ea",
          "-da:net.openhft...",
          "-XX:+UseThreadPriorities",
          "-XX:+HeapDumpOnOutOfMemoryError",
          "-Xss256k",
          "-XX:+UseTLAB",
          "-XX:+ResizeTLAB",
          "-XX:+PerfDisableSharedMem",
          "-Djava.net.preferIPv4Stack=true");

  /** From {@code conf/jvm17-server.options}: garbage collector, module access, Netty. */
  public static final List<String> JAVA17_SERVER_OPTIONS =
      List.of(
          "-XX:+UseG1GC",
          "-XX:+ParallelRefProcEnabled",
          "-XX:MaxTenuringThreshold=1",
          "-XX:G1HeapRegionSize=16m",
          "-XX:G1RSetUpdatingPauseTimePercent=5",
          "-XX:MaxGCPauseMillis=300",
          "-XX:InitiatingHeapOccupancyPercent=70",
          "-Djdk.attach.allowAttachSelf=true",
          "--add-exports",
          "java.base/jdk.internal.misc=ALL-UNNAMED",
          "--add-exports",
          "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
          "--add-exports",
          "java.rmi/sun.rmi.registry=ALL-UNNAMED",
          "--add-exports",
          "java.rmi/sun.rmi.server=ALL-UNNAMED",
          "--add-exports",
          "java.sql/java.sql=ALL-UNNAMED",
          "--add-exports",
          "java.base/java.lang.ref=ALL-UNNAMED",
          "--add-exports",
          "jdk.unsupported/sun.misc=ALL-UNNAMED",
          "--add-exports",
          "jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
          "--add-exports",
          "jdk.attach/sun.tools.attach=ALL-UNNAMED",
          "--add-opens",
          "java.base/java.lang.module=ALL-UNNAMED",
          "--add-opens",
          "java.base/jdk.internal.loader=ALL-UNNAMED",
          "--add-opens",
          "java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens",
          "java.base/jdk.internal.reflect=ALL-UNNAMED",
          "--add-opens",
          "java.base/jdk.internal.math=ALL-UNNAMED",
          "--add-opens",
          "java.base/jdk.internal.module=ALL-UNNAMED",
          "--add-opens",
          "java.base/jdk.internal.util.jar=ALL-UNNAMED",
          "--add-opens",
          "jdk.management/com.sun.management.internal=ALL-UNNAMED",
          "--add-opens",
          "java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens",
          "java.base/java.io=ALL-UNNAMED",
          "--add-opens",
          "java.base/java.lang.reflect=ALL-UNNAMED",
          "--add-opens",
          "jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
          "--add-opens",
          "java.base/java.lang=ALL-UNNAMED",
          "--add-opens",
          "java.base/java.util=ALL-UNNAMED",
          "-Dio.netty.tryReflectionSetAccessible=true",
          "-Dio.netty.allocator.useCacheForAllThreads=true",
          "-Dio.netty.allocator.maxOrder=11");

  /**
   * System properties every node gets unless its start names them too. A node alone in its cluster
   * has nobody to tell that it shuts down, yet Cassandra waits 2 s after telling them: a node that
   * joins others sets {@code cassandra.shutdown_announce_in_ms} back to 2000.
   */
  static final Map<String, String> DEFAULT_SYSTEM_PROPERTIES =
      Map.of("cassandra.shutdown_announce_in_ms", "0");

  private CassandraJvmOptions() {}

  /**
   * The full command line (without any {@code setsid} wrapper) that runs Cassandra in the
   * foreground for one node folder.
   *
   * @param java the {@code java} executable
   * @param home the Cassandra distribution (its jars and the jamm agent)
   * @param layout the node folder
   * @param jmxPort the local JMX port
   * @param heapMb the heap size in MiB, used for both {@code -Xms} and {@code -Xmx}
   * @param systemProperties further {@code -D} settings; they replace {@link
   *     #DEFAULT_SYSTEM_PROPERTIES} of the same name
   * @param jvmOptions further JVM options, after all others but the class path and main class
   */
  public static List<String> command(
      Path java,
      CassandraHome home,
      NodeLayout layout,
      int jmxPort,
      int heapMb,
      Map<String, String> systemProperties,
      List<String> jvmOptions) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.add("-javaagent:" + home.jammAgent());
    command.addAll(SERVER_OPTIONS);
    command.addAll(JAVA17_SERVER_OPTIONS);
    command.add("-XX:+ExitOnOutOfMemoryError");
    command.add("-Xms" + heapMb + "M");
    command.add("-Xmx" + heapMb + "M");
    command.add("-Dcassandra.config=" + layout.cassandraYaml().toUri());
    command.add("-Dcassandra.logdir=" + layout.logDir());
    command.add("-Dcassandra.storagedir=" + layout.dir());
    command.add("-Dlogback.configurationFile=" + layout.logbackXml());
    command.add("-Dcassandra-rackdc.properties=" + layout.rackdcProperties().toUri());
    command.add("-Dcassandra.jmx.local.port=" + jmxPort);
    command.add("-Dcassandra-foreground=yes");
    command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    command.add("-Dcassandra-pidfile=" + layout.pidFile());
    Map<String, String> properties = new TreeMap<>(DEFAULT_SYSTEM_PROPERTIES);
    properties.putAll(systemProperties);
    properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(home.classpath());
    command.add(MAIN_CLASS);
    return command;
  }

  /** The argument that marks a process as the Cassandra of {@code layout}'s folder. */
  static String storageDirArgument(NodeLayout layout) {
    return "-Dcassandra.storagedir=" + layout.dir();
  }
}
