package io.sluice.testinfra;

import io.sluice.node.LocalPorts;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real multi-process Spark standalone cluster on loopback: a master and workers, each a JVM of
 * its own over the Spark jars from Maven Central (linked into a Spark home's {@code jars} folder),
 * whose executors are JVMs the workers start; jobs are submitted with Spark's own {@code
 * SparkSubmit}, as {@code spark-submit} does. Closing it stops every process it started.
 */
public final class StandaloneSpark implements AutoCloseable {

  private static final Duration START = Duration.ofMinutes(2);

  private final Path home;
  private final Path work;
  private final int masterPort;
  private final String master;
  private final List<Process> processes = new ArrayList<>();
  private final List<Process> workers = new ArrayList<>();

  /**
   * Jars that are the application's, which its own jar brings: a Spark distribution does not hold
   * them.
   */
  private static final List<String> APPLICATION_JARS =
      List.of("sluice-", "java-driver-", "native-protocol-");

  private StandaloneSpark(Path home, Path work, int masterPort, String master) {
    this.home = home;
    this.work = work;
    this.masterPort = masterPort;
    this.master = master;
  }

  /**
   * No cluster: jobs submitted here run in the driver's own JVM on {@code local[cores]}, as {@code
   * spark-submit --master local[2]} runs them.
   */
  public static StandaloneSpark local(Path work, int cores, List<Path> sparkJars)
      throws IOException {
    return new StandaloneSpark(sparkHome(work, sparkJars), work, -1, "local[" + cores + "]");
  }

  /**
   * Starts a master and {@code workers} workers of one core each over {@code sparkJars}, and waits
   * for them to join.
   */
  public static StandaloneSpark start(Path work, int workers, List<Path> sparkJars)
      throws IOException {
    int port = LocalPorts.freePort();
    StandaloneSpark spark =
        new StandaloneSpark(sparkHome(work, sparkJars), work, port, "spark://127.0.0.1:" + port);
    try {
      spark.startCluster(workers);
      return spark;
    } catch (IOException | RuntimeException | Error e) {
      spark.close();
      throw e;
    }
  }

  private void startCluster(int count) throws IOException {
    Process master =
        launch(
            "master",
            "org.apache.spark.deploy.master.Master",
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(masterPort),
            "--webui-port",
            Integer.toString(LocalPorts.freePort()));
    for (int i = 0; i < count; i++) {
      workers.add(
          launch(
              "worker-" + i,
              "org.apache.spark.deploy.worker.Worker",
              masterUrl(),
              "--host",
              "127.0.0.1",
              "--cores",
              "1",
              "--memory",
              "768m",
              "--webui-port",
              Integer.toString(LocalPorts.freePort()),
              "--work-dir",
              work.resolve("worker-" + i + "-work").toString()));
    }
    Await.until(
        count + " workers registered with the master",
        START,
        () -> {
          if (!master.isAlive()) {
            throw new IllegalStateException("The Spark master ended:\n" + log("master"));
          }
          return log("master").split("Registering worker", -1).length - 1 >= count;
        },
        () -> log("master") + master.isAlive());
  }

  /** The jars of this JVM's class path: Spark's, where the test's class path is Spark's. */
  public static List<Path> jarsOfClassPath() {
    List<Path> jars = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      jars.add(Path.of(entry));
    }
    return jars;
  }

  /** The jars a class path file lists ({@code dependency:build-classpath}'s output). */
  public static List<Path> jarsListedIn(Path classPathFile) throws IOException {
    List<Path> jars = new ArrayList<>();
    for (String entry : Files.readString(classPathFile).strip().split(File.pathSeparator)) {
      jars.add(Path.of(entry));
    }
    return jars;
  }

  public String masterUrl() {
    return master;
  }

  /** Submits {@code args} to {@code jar}'s main class, as {@code spark-submit} in client mode. */
  public Process submit(String name, Path jar, String mainClass, String... args)
      throws IOException {
    return submit(name, List.of(), jar, mainClass, args);
  }

  /**
   * Submits {@code args} to {@code jar}'s main class with more Java options for the driver and the
   * executors, such as a system property both need.
   */
  public Process submit(
      String name, List<String> javaOptions, Path jar, String mainClass, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "--master",
            masterUrl(),
            "--class",
            mainClass,
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1",
            "--conf",
            "spark.ui.enabled=false",
            "--conf",
            "spark.executor.memory=512m",
            "--conf",
            "spark.executor.extraJavaOptions="
                + String.join(" ", TestNodes.QUICK_JIT, String.join(" ", javaOptions)).strip(),
            "--conf",
            "spark.cores.max=" + Math.max(1, workers.size()),
            jar.toString()));
    command.addAll(List.of(args));
    return launch(
        name, javaOptions, "org.apache.spark.deploy.SparkSubmit", command.toArray(String[]::new));
  }

  /** The executor JVMs the workers run now. */
  public List<ProcessHandle> executors() {
    return workers.stream()
        .flatMap(Process::descendants)
        .filter(p -> p.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend"))
        .toList();
  }

  /** What a process started here wrote so far. */
  public String log(String name) {
    try {
      Path file = work.resolve(name + ".log");
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "(cannot read " + name + ".log: " + e.getMessage() + ")";
    }
  }

  private Process launch(String name, String mainClass, String... args) throws IOException {
    return launch(name, List.of(), mainClass, args);
  }

  private Process launch(String name, List<String> javaOptions, String mainClass, String... args)
      throws IOException {
    Files.createDirectories(work);
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx512m", TestNodes.QUICK_JIT));
    command.addAll(javaOptions);
    command.addAll(List.of("-cp", home.resolve("jars") + "/*", mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.redirectOutput(work.resolve(name + ".log").toFile());
    builder.environment().put("SPARK_HOME", home.toString());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    builder.environment().put("SPARK_SCALA_VERSION", "2.13");
    builder.environment().put("SPARK_LOG_DIR", work.toString());
    Process process = builder.start();
    processes.add(process);
    return process;
  }

  /**
   * A Spark home whose {@code jars} folder links {@code sparkJars} (Spark and what it needs, as
   * Maven resolved them), as a Spark distribution holds them: without Sluice and the Cassandra
   * driver, which the application jar brings.
   */
  private static Path sparkHome(Path work, List<Path> sparkJars) throws IOException {
    Path jars = work.resolve("spark-home/jars");
    Files.createDirectories(jars);
    for (Path jar : sparkJars) {
      String name = jar.getFileName().toString();
      boolean application = APPLICATION_JARS.stream().anyMatch(name::startsWith);
      if (name.endsWith(".jar") && !application && Files.isRegularFile(jar)) {
        Path link = jars.resolve(name);
        if (!Files.exists(link)) {
          Files.createSymbolicLink(link, jar.toAbsolutePath());
        }
      }
    }
    return work.resolve("spark-home");
  }

  /** Kills every process started here and the executors they started. */
  @Override
  public void close() {
    List<ProcessHandle> all = new ArrayList<>();
    for (Process process : processes) {
      process.descendants().forEach(all::add);
      all.add(process.toHandle());
    }
    all.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle handle : all) {
      try {
        handle.onExit().get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        // A process that does not die in 30 s after SIGKILL is past our reach.
      }
    }
  }
}
