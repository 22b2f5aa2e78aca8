package io.sluice.hbase;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.fs.HFileSystem;
import org.apache.hadoop.hbase.io.HFileLink;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlock;
import org.apache.hadoop.hbase.regionserver.StoreFileInfo;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;

/**
 * Catches a store file block whose checksum fails. HBase checks each block's checksum as it reads
 * it, but when one fails it reads the block again trusting the file system's own checksums, which a
 * plain local folder does not keep: the damaged block would come back as if whole, its values
 * loaded wrong. HBase counts those failures, once for the whole JVM; so region readers read under a
 * shared lock and watch the count, and a reader that sees it rise reads its region's files again,
 * block by block and alone, to learn whether one of them holds the damaged block.
 */
final class ChecksumWatch {

  private static final ReentrantReadWriteLock LOCK = new ReentrantReadWriteLock();

  /** The failures {@link #damagedBlock} itself met, which no reader should take for its own. */
  private static final AtomicLong RECHECKED = new AtomicLong();

  private ChecksumWatch() {}

  /** A file system over {@code conf}'s default one that checks HBase's block checksums. */
  static FileSystem checkingFileSystem(Configuration conf) throws IOException {
    return new HFileSystem(conf, true);
  }

  /** The checksum failures met by region readers so far, to compare with a later count. */
  static long failures() {
    return HFile.getChecksumFailuresCount() - RECHECKED.get();
  }

  /** Runs a region reader's read, never while {@link #damagedBlock} reads. */
  static <T> T read(OwnClassLoader.IoWork<T> work) throws IOException {
    LOCK.readLock().lock();
    try {
      return work.run();
    } finally {
      LOCK.readLock().unlock();
    }
  }

  /**
   * Reads every block of each store file of {@code region}, while no region reader reads, and names
   * the first block whose checksum failed ({@code "file F, block at offset N"}), or returns null
   * when none did.
   */
  static String damagedBlock(
      Configuration conf, FileSystem fs, Path rootDir, TableDescriptor table, RegionInfo region)
      throws IOException {
    LOCK.writeLock().lock();
    try {
      for (Path file : storeFiles(conf, fs, rootDir, table, region)) {
        String damaged = damagedBlock(conf, fs, file);
        if (damaged != null) {
          return damaged;
        }
      }
      return null;
    } finally {
      LOCK.writeLock().unlock();
    }
  }

  private static String damagedBlock(Configuration conf, FileSystem fs, Path file) {
    try (HFile.Reader reader = HFile.createReader(fs, file, CacheConfig.DISABLED, true, conf)) {
      long offset = reader.getTrailer().getFirstDataBlockOffset();
      long end = reader.getTrailer().getLoadOnOpenDataOffset();
      while (offset >= 0 && offset < end) {
        long before = HFile.getChecksumFailuresCount();
        long size;
        try {
          HFileBlock block = reader.readBlock(offset, -1, false, true, false, false, null, null);
          size = block.getOnDiskSizeWithHeader();
          block.release();
        } finally {
          RECHECKED.addAndGet(HFile.getChecksumFailuresCount() - before);
        }
        if (HFile.getChecksumFailuresCount() > before) {
          return "file " + file.getName() + ", block at offset " + offset;
        }
        offset += size;
      }
    } catch (IOException | RuntimeException e) {
      // A file that cannot be read at all fails the region reader with an error of its own.
    }
    return null;
  }

  /** The files of a region's families, each link followed to the file it names. */
  private static List<Path> storeFiles(
      Configuration conf, FileSystem fs, Path rootDir, TableDescriptor table, RegionInfo region)
      throws IOException {
    Path regionDir =
        new Path(CommonFSUtils.getTableDir(rootDir, table.getTableName()), region.getEncodedName());
    List<Path> files = new ArrayList<>();
    for (byte[] family : table.getColumnFamilyNames()) {
      Path familyDir = new Path(regionDir, Bytes.toString(family));
      if (!fs.exists(familyDir)) {
        continue;
      }
      for (FileStatus status : fs.listStatus(familyDir)) {
        Path file = status.getPath();
        if (StoreFileInfo.isReference(file)) {
          // Half of a split region's parent file: the parent's file is read whole.
          file = StoreFileInfo.getReferredToFile(file);
        }
        files.add(
            HFileLink.isHFileLink(file)
                ? HFileLink.buildFromHFileLinkPattern(conf, file).getAvailablePath(fs)
                : file);
      }
    }
    return files;
  }
}
