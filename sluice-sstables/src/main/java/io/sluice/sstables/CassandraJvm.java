package io.sluice.sstables;

import io.sluice.node.CassandraHome;
import io.sluice.node.CassandraJvmOptions;
import io.sluice.node.JavaRuntime;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.zip.CRC32;

/**
 * The command lines of the processes that run Cassandra's own tools over the fetched release (the
 * SSTable writer, the loader): its jars on their class path, the module access Cassandra needs on
 * Java 17, never Sluice's classes. Their main classes (the writer, the loader) come from the jar
 * this module embeds, copied out once per process.
 */
final class CassandraJvm {

  /**
   * The environment variable whose options (separated by spaces) every writer and loader JVM takes
   * after Sluice's own, so that an {@code -Xmx} there wins.
   */
  static final String JAVA_OPTIONS_VARIABLE = "SLUICE_SSTABLES_JAVA_OPTS";

  static final String WRITER_MAIN = "io.sluice.sstables.writer.SstableWriterMain";
  static final String LOADER_MAIN = "io.sluice.sstables.writer.SstableLoaderMain";
  private static final String WRITER_JAR = "sluice-sstables-writer.jar";

  /**
   * The most source a writer is planned to take and still compile with C1 alone. The optimizing
   * compiler costs a writer 2 to 3 s of CPU, which only a longer run earns back: streamed SSTable
   * loads of a CSV file, C1 alone against the default, took 7.0 and 6.2 s against 9.0 and 7.7 s at
   * 29 MB, 12.3 and 11.4 s against 14.1 and 14.3 s at 118 MB, about the same at 235 MB, and 25.3
   * and 25.5 s against 23.3 and 23.0 s at 352 MB (bench/hbase/README.md).
   */
  static final long QUICK_COMPILER_MAX_BYTES = 128L << 20;

  private static final String QUICK_COMPILER = "-XX:TieredStopAtLevel=1";
  private static Path writerJar;

  private CassandraJvm() {}

  /** The command running {@code mainClass} with {@code heapMib} of heap. */
  static List<String> command(String mainClass, int heapMib, List<String> args) {
    return command(mainClass, heapMib, List.of(), args);
  }

  /**
   * The command running {@code mainClass} with {@code heapMib} of heap and {@code options} (before
   * the user's).
   */
  static List<String> command(
      String mainClass, int heapMib, List<String> options, List<String> args) {
    CassandraHome home = CassandraHome.locate();
    List<String> command = new ArrayList<>();
    command.add(JavaRuntime.find(null).executable().toString());
    command.add("-Xmx" + heapMib + "m");
    // A batch process: throughput over pause times. Against G1 the writer of bench/load took about
    // 3 % less CPU and 7 % less time.
    command.add("-XX:+UseParallelGC");
    command.add("-Djava.net.preferIPv4Stack=true");
    // The JVM's own warnings go to standard error: standard output carries the answers.
    command.add("-XX:+DisplayVMOutputToStderr");
    command.addAll(moduleAccess());
    command.addAll(options);
    command.addAll(userOptions(System.getenv(JAVA_OPTIONS_VARIABLE)));
    command.add("-cp");
    List<Path> classPath = new ArrayList<>();
    classPath.add(writerJar());
    classPath.addAll(home.jars());
    command.add(
        classPath.stream()
            .map(Path::toString)
            .collect(Collectors.joining(System.getProperty("path.separator"))));
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  /**
   * The compiler options of a writer whose run has {@code sourceBytes} of source left to read: C1
   * alone up to {@link #QUICK_COMPILER_MAX_BYTES}, the JVM's default (both compilers) above it or
   * when the size is not known.
   */
  static List<String> writerCompiler(OptionalLong sourceBytes) {
    return sourceBytes.isPresent() && sourceBytes.getAsLong() <= QUICK_COMPILER_MAX_BYTES
        ? List.of(QUICK_COMPILER)
        : List.of();
  }

  /** The options of {@link #JAVA_OPTIONS_VARIABLE}'s value, none when it is unset or blank. */
  static List<String> userOptions(String value) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    return List.of(value.trim().split("\\s+"));
  }

  /** The {@code --add-exports}, {@code --add-opens} and Netty settings of Cassandra's own list. */
  private static List<String> moduleAccess() {
    List<String> options = new ArrayList<>();
    List<String> all = CassandraJvmOptions.JAVA17_SERVER_OPTIONS;
    for (int i = 0; i < all.size(); i++) {
      String option = all.get(i);
      if ((option.equals("--add-exports") || option.equals("--add-opens")) && i + 1 < all.size()) {
        options.add(option);
        options.add(all.get(++i));
      } else if (option.startsWith("-Dio.netty.")) {
        options.add(option);
      }
    }
    return options;
  }

  /**
   * The embedded jar, copied once into the temporary folder under a name made of its content's
   * checksum: processes of the same build share it, and a killed one leaves no copy of its own.
   */
  private static synchronized Path writerJar() {
    if (writerJar == null) {
      try (InputStream jar = CassandraJvm.class.getResourceAsStream(WRITER_JAR)) {
        if (jar == null) {
          throw new IllegalStateException(
              "this build of Sluice lacks its SSTable writer (" + WRITER_JAR + "): rebuild it");
        }
        byte[] bytes = jar.readAllBytes();
        CRC32 crc = new CRC32();
        crc.update(bytes);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path shared = tmp.resolve(String.format("sluice-sstables-writer-%08x.jar", crc.getValue()));
        if (!Files.exists(shared) || Files.size(shared) != bytes.length) {
          Path copy = Files.createTempFile(tmp, "sluice-sstables-writer", ".tmp");
          Files.write(copy, bytes);
          Files.move(
              copy, shared, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        writerJar = shared;
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot copy out the SSTable writer: " + e.getMessage(), e);
      }
    }
    return writerJar;
  }
}
