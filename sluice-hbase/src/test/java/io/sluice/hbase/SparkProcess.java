package io.sluice.hbase;

import io.sluice.testinfra.TestNodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Sluice's Spark job ({@code sluice-spark.jar}) submitted with Spark's own {@code SparkSubmit} on
 * {@code local[2]}, as {@code spark-submit --master local[2]} runs it: a process whose class path
 * is Spark's (with its own Hadoop, from sluice-spark's build), the HBase plugin loaded from its
 * folder, named by {@code -Dsluice.plugins} in the driver, where local mode runs the tasks too.
 */
final class SparkProcess {

  /** The JDK packages Spark's launcher opens to it, as {@code spark-submit} does. */
  private static final List<String> OPENED =
      List.of(
          "java.lang",
          "java.lang.invoke",
          "java.lang.reflect",
          "java.io",
          "java.net",
          "java.nio",
          "java.util",
          "java.util.concurrent",
          "java.util.concurrent.atomic",
          "sun.nio.ch",
          "sun.nio.cs",
          "sun.security.action",
          "sun.util.calendar");

  private SparkProcess() {}

  /** Runs {@code args} on Spark and waits up to {@code seconds}; its exit code and output. */
  static Finished run(Path workDir, long seconds, String... args) throws Exception {
    return run(workDir, seconds, Path.of(property("sluice.plugins")), List.of(), args);
  }

  /**
   * As {@link #run(Path, long, String...)}, with {@code plugins} as the plugin folder and more
   * {@code --conf} settings of the submission ({@code name=value}).
   */
  static Finished run(
      Path workDir, long seconds, Path plugins, List<String> settings, String... args)
      throws Exception {
    Path jar = Path.of(property("sluice.spark.jar"));
    String sparkJars = Files.readString(Path.of(property("sluice.spark.classpath"))).strip();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(TestNodes.QUICK_JIT);
    OPENED.forEach(name -> command.add("--add-opens=java.base/" + name + "=ALL-UNNAMED"));
    command.add("-Dsluice.plugins=" + plugins);
    command.add("-Djava.io.tmpdir=" + Files.createDirectories(workDir.resolve("tmp")));
    command.addAll(List.of("-cp", jar + java.io.File.pathSeparator + sparkJars));
    command.add("org.apache.spark.deploy.SparkSubmit");
    command.addAll(
        List.of(
            "--master",
            "local[2]",
            "--conf",
            "spark.ui.enabled=false",
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1"));
    settings.forEach(setting -> command.addAll(List.of("--conf", setting)));
    command.addAll(List.of("--class", "io.sluice.spark.SluiceSpark", jar.toString()));
    command.addAll(List.of(args));
    Path output = Files.createTempFile(workDir, "spark-", ".out");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .redirectOutput(output.toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process = builder.start();
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(
          "Spark did not end within " + seconds + " s:\n" + Files.readString(output));
    }
    return new Finished(process.exitValue(), Files.readString(output));
  }

  /** How the process ended. */
  record Finished(int exitCode, String output) {}

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null || !Files.exists(Path.of(value))) {
      throw new IllegalStateException(name + " is not built at " + value + "; run ./mvnw verify");
    }
    return value;
  }
}
