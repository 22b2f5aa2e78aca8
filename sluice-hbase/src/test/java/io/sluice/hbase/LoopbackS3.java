package io.sluice.hbase;

import io.sluice.testinfra.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real S3 server on a loopback port: S3Proxy's executable jar in a process of its own (its Jetty
 * is not Hadoop's), storing each bucket as a folder and checking every request's AWS signature
 * against one key pair. The secret key is drawn anew for each server, so that a test can look for
 * it where it must never appear.
 */
final class LoopbackS3 implements AutoCloseable {

  static final String ACCESS_KEY = "sluice-it";

  private final Process process;
  private final int port;
  private final String secretKey;
  private final Path log;

  private LoopbackS3(Process process, int port, String secretKey, Path log) {
    this.process = process;
    this.port = port;
    this.secretKey = secretKey;
    this.log = log;
  }

  /** Starts a server keeping its buckets under {@code dir}, with {@code buckets} made empty. */
  static LoopbackS3 start(Path dir, String... buckets) throws IOException {
    Path data = Files.createDirectories(dir.resolve("buckets"));
    for (String bucket : buckets) {
      Files.createDirectories(data.resolve(bucket));
    }
    int port = freePort();
    String secretKey = "secret-" + UUID.randomUUID();
    Path properties =
        Files.writeString(
            dir.resolve("s3proxy.conf"),
            String.join(
                "\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + secretKey,
                "jclouds.provider=filesystem",
                "jclouds.identity=local",
                "jclouds.credential=local",
                "jclouds.filesystem.basedir=" + data,
                ""));
    Path log = dir.resolve("s3proxy.log");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                System.getProperty("sluice.it.s3proxy-jar"),
                "--properties",
                properties.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    LoopbackS3 server = new LoopbackS3(process, port, secretKey, log);
    try {
      Await.until(
          "S3Proxy listening on 127.0.0.1:" + port,
          Duration.ofMinutes(2),
          () -> !process.isAlive() || server.answers(),
          server::logTail);
      if (!process.isAlive()) {
        throw new IllegalStateException("S3Proxy ended at its start:\n" + server.logTail());
      }
    } catch (RuntimeException | Error e) {
      server.close();
      throw e;
    }
    return server;
  }

  /**
   * What a Hadoop client sets to reach this server with its key pair, and nothing else: no instance
   * metadata, no other endpoint.
   */
  Map<String, String> hadoopSettings() {
    return Map.of(
        "fs.s3a.endpoint", "http://127.0.0.1:" + port,
        "fs.s3a.endpoint.region", "us-east-1",
        "fs.s3a.path.style.access", "true",
        "fs.s3a.connection.ssl.enabled", "false",
        "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
        "fs.s3a.access.key", ACCESS_KEY,
        "fs.s3a.secret.key", secretKey,
        "fs.s3a.attempts.maximum", "3",
        "fs.s3a.retry.limit", "3");
  }

  /** The secret key of the server's one key pair. */
  String secretKey() {
    return secretKey;
  }

  private boolean answers() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private String logTail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
