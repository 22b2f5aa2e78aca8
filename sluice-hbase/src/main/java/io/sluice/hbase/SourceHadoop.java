package io.sluice.hbase;

import io.sluice.core.source.SourcePaths;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.util.VersionInfo;

/**
 * The Hadoop configuration an HBase source reads with: HBase's defaults, the site files of {@code
 * HADOOP_CONF_DIR}, the runtime's Hadoop settings (on Spark, the submission's {@code
 * spark.hadoop.*}), the root folder the files are in (local, {@code hdfs://}, or any file system
 * the plugin's Hadoop reads), no cluster behind it. Built from HBase's own classes' loader, so that
 * it works the same when this module is loaded apart from the CLI's classes.
 */
final class SourceHadoop {

  /** The site files of {@code HADOOP_CONF_DIR} read, as Hadoop's own commands read them. */
  private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml");

  private SourceHadoop() {}

  /**
   * The configuration to read the files under {@code rootDir} with; {@link #root} gives that folder
   * back with its file system's scheme and authority ({@code hdfs:///exports} names the namenode
   * the site files give).
   */
  static Configuration configuration(org.apache.hadoop.fs.Path rootDir) {
    Configuration conf = HBaseConfiguration.create();
    String confDir = System.getenv("HADOOP_CONF_DIR");
    if (confDir != null) {
      for (String file : SITE_FILES) {
        Path site = Path.of(confDir, file);
        if (Files.isRegularFile(site)) {
          conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        }
      }
    }
    SourcePaths.hadoopSettings().forEach(conf::set);
    org.apache.hadoop.fs.Path root = qualified(conf, rootDir);
    conf.set(HConstants.HBASE_DIR, root.toString());
    URI uri = root.toUri();
    conf.set(
        "fs.defaultFS",
        uri.getScheme() + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority()) + "/");
    // No block cache: every region is read once, start to end.
    conf.setFloat(HConstants.HFILE_BLOCK_CACHE_SIZE_KEY, 0f);
    // Regions are only read: no memstore, so no memstore chunk pool (a region server's) to return
    // chunks to when a region closes.
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    // HBase would reorder HDFS block locations for its write-ahead logs, by reflection that Java 17
    // refuses unless the JVM opens java.lang: nothing here reads a log.
    conf.setBoolean("hbase.filesystem.reorder.blocks", false);
    return conf;
  }

  /** The root folder {@code conf} was made for, qualified. */
  static org.apache.hadoop.fs.Path root(Configuration conf) {
    return new org.apache.hadoop.fs.Path(conf.get(HConstants.HBASE_DIR));
  }

  private static org.apache.hadoop.fs.Path qualified(
      Configuration conf, org.apache.hadoop.fs.Path rootDir) {
    try {
      return OwnClassLoader.call(() -> rootDir.getFileSystem(conf).makeQualified(rootDir));
    } catch (IOException | RuntimeException e) {
      // Hadoop's defaults name the classes of s3a:// and others, whose jars it does not bring.
      if (e instanceof UnsupportedFileSystemException
          || e.getCause() instanceof ClassNotFoundException) {
        throw new IllegalArgumentException(
            "cannot read " + rootDir + ": " + missingConnector(rootDir.toUri().getScheme()), e);
      }
      throw new IllegalArgumentException(
          "cannot read "
              + rootDir
              + " with the plugin's Hadoop: "
              + e.getMessage()
              + " (the namenode goes in the path, hdfs://host:port/..., or in the core-site.xml"
              + " of HADOOP_CONF_DIR)",
          e);
    }
  }

  /**
   * What to add for a file system the plugin's Hadoop does not have: its connector's jars, of the
   * plugin's Hadoop version, in the plugin folder (every jar there is loaded).
   */
  private static String missingConnector(String scheme) {
    String hadoop = VersionInfo.getVersion();
    String jars =
        switch (scheme == null ? "" : scheme) {
          case "s3a" ->
              "hadoop-aws-"
                  + hadoop
                  + ".jar and the aws-java-sdk-bundle jar its pom names (1.12.316 for 3.3.5)";
          case "abfs", "abfss", "wasb", "wasbs" ->
              "hadoop-azure-" + hadoop + ".jar and the dependencies its pom names";
          default -> "the jars of the connector for Hadoop " + hadoop;
        };
    return "the plugin's Hadoop ("
        + hadoop
        + ") has no file system for "
        + scheme
        + ":// paths; add "
        + jars
        + " to the plugin folder "
        + pluginFolder()
        + " (docs/hbase.md: \"Exports on HDFS and object stores\")";
  }

  /** The folder this plugin's jar was loaded from. */
  private static String pluginFolder() {
    try {
      return Path.of(SourceHadoop.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .getParent()
          .toString();
    } catch (URISyntaxException | RuntimeException e) {
      return "hbase-snapshot/";
    }
  }
}
