package io.sluice.testinfra;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The settings that keep Hadoop's {@code MiniDFSCluster} (a real namenode and datanode in the
 * test's JVM) on loopback, every port chosen free, its files under a folder of the test's. As
 * strings: the Spark and HBase modules' tests each build it with the Hadoop they have.
 */
public final class LoopbackHdfs {

  private LoopbackHdfs() {}

  /** The settings to give the cluster's {@code Configuration}, its files under {@code baseDir}. */
  public static Map<String, String> settings(Path baseDir) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("hdfs.minidfs.basedir", baseDir.toString());
    settings.put("dfs.namenode.rpc-bind-host", "127.0.0.1");
    settings.put("dfs.namenode.http-address", "127.0.0.1:0");
    settings.put("dfs.datanode.address", "127.0.0.1:0");
    settings.put("dfs.datanode.http.address", "127.0.0.1:0");
    settings.put("dfs.datanode.ipc.address", "127.0.0.1:0");
    return settings;
  }
}
