package io.sluice.hbase;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where a process restores a snapshot for reading ({@link RestoredSnapshot}): a new folder of its
 * own under the {@code restore-dir} the options name, or else under the JVM's temporary folder for
 * a local export and {@code /tmp} of the export's file system for a remote one. It must be on the
 * export's file system, since HBase follows its links to the export's files there only, and outside
 * the export, which HBase refuses.
 */
final class RestoreFolder {

  private RestoreFolder() {}

  /** A folder that does not exist yet, for this process's restore of the export at {@code root}. */
  static Path newFolder(Configuration conf, Path root, URI restoreDir) throws IOException {
    return new Path(parent(conf, root, restoreDir), "sluice-hbase-restore-" + UUID.randomUUID());
  }

  /**
   * The folder the restores of the export at {@code root} go under.
   *
   * @throws IllegalArgumentException when it is off the export's file system, or inside the export
   */
  static Path parent(Configuration conf, Path root, URI restoreDir) throws IOException {
    FileSystem exportFs = root.getFileSystem(conf);
    Path under = restoreDir == null ? defaultParent(exportFs) : new Path(restoreDir);
    FileSystem fs = under.getFileSystem(conf);
    if (!fs.getUri().equals(exportFs.getUri())) {
      throw new IllegalArgumentException(
          "restore-dir "
              + under
              + " is on "
              + fs.getUri()
              + " and the export on "
              + exportFs.getUri()
              + ": the snapshot is restored as links to the export's files, which HBase follows"
              + " on the export's file system only");
    }
    Path qualifiedUnder = fs.makeQualified(under);
    Path qualifiedRoot = exportFs.makeQualified(root);
    if (isWithin(qualifiedUnder, qualifiedRoot)) {
      throw new IllegalArgumentException(
          "restore-dir "
              + under
              + " is inside the export "
              + root
              + ": HBase restores a snapshot outside its root folder only");
    }
    return qualifiedUnder;
  }

  private static Path defaultParent(FileSystem exportFs) {
    return "file".equals(exportFs.getScheme())
        ? new Path(new File(System.getProperty("java.io.tmpdir")).toURI())
        : new Path(exportFs.getUri().resolve("/tmp"));
  }

  private static boolean isWithin(Path path, Path folder) {
    for (Path at = path; at != null; at = at.getParent()) {
      if (at.equals(folder)) {
        return true;
      }
    }
    return false;
  }
}
