package io.sluice.hbase;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A folder of HFiles as a bulk-load job writes it ({@code FOLDER/FAMILY/FILE}, HBase's {@code
 * HFileOutputFormat2} layout), cut into key ranges: files whose rows overlap, whatever their
 * family, are one group, read as one region, so that each row is read once with all its cells.
 * Reads each file's first and last key from its index, no data. Names starting with {@code .} or
 * {@code _} (checksums, {@code _SUCCESS}) are not HFiles.
 */
final class HFileFolder {

  /** An HFile of one family, its first and last row, and its size. */
  record StoreFile(String family, Path path, byte[] firstRow, byte[] lastRow, long bytes) {}

  /**
   * Files whose rows overlap: a region from {@code startRow} (inclusive) to {@code endRow}
   * (exclusive; empty for the last region, as the first region's start is empty).
   */
  record Group(byte[] startRow, byte[] endRow, List<StoreFile> files) {
    long bytes() {
      return files.stream().mapToLong(StoreFile::bytes).sum();
    }
  }

  private final List<String> families;
  private final List<Group> groups;

  private HFileFolder(List<String> families, List<Group> groups) {
    this.families = families;
    this.groups = groups;
  }

  /** The families (the folder's subfolders) and the groups of its files, in key order. */
  static HFileFolder scan(Configuration conf, Path folder) throws IOException {
    FileSystem fs = folder.getFileSystem(conf);
    if (!fs.isDirectory(folder)) {
      throw new FileNotFoundException(
          "no folder " + folder + ": the path must be a folder of HFiles, a subfolder per family");
    }
    TreeSet<String> families = new TreeSet<>();
    List<StoreFile> files = new ArrayList<>();
    for (FileStatus family : sorted(fs.listStatus(folder))) {
      if (!family.isDirectory() || hidden(family.getPath())) {
        continue;
      }
      families.add(family.getPath().getName());
      for (FileStatus file : sorted(fs.listStatus(family.getPath()))) {
        if (file.isFile() && !hidden(file.getPath())) {
          storeFile(fs, conf, family.getPath().getName(), file).ifPresent(files::add);
        }
      }
    }
    if (families.isEmpty()) {
      throw new FileNotFoundException(
          "no family folder in " + folder + ": HFiles are read from FOLDER/FAMILY/FILE");
    }
    return new HFileFolder(List.copyOf(families), group(files));
  }

  /** The families, in name order. */
  List<String> families() {
    return families;
  }

  /** The groups of files, in key order. */
  List<Group> groups() {
    return groups;
  }

  private static Optional<StoreFile> storeFile(
      FileSystem fs, Configuration conf, String family, FileStatus file) throws IOException {
    try (HFile.Reader reader =
        HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
      Optional<Cell> first = reader.getFirstKey();
      Optional<Cell> last = reader.getLastKey();
      if (first.isEmpty() || last.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(
          new StoreFile(
              family,
              file.getPath(),
              CellUtil.cloneRow(first.get()),
              CellUtil.cloneRow(last.get()),
              file.getLen()));
    } catch (IOException | RuntimeException e) {
      throw new IOException(
          "cannot read the index of HFile " + file.getPath() + ": " + e.getMessage(), e);
    }
  }

  /** Joins files whose row ranges overlap, in key order, and gives each group its region. */
  static List<Group> group(List<StoreFile> files) {
    List<StoreFile> byFirstRow = new ArrayList<>(files);
    byFirstRow.sort(Comparator.comparing(StoreFile::firstRow, Bytes::compareTo));
    List<List<StoreFile>> joined = new ArrayList<>();
    byte[] lastRow = null;
    for (StoreFile file : byFirstRow) {
      if (lastRow == null || Bytes.compareTo(file.firstRow(), lastRow) > 0) {
        joined.add(new ArrayList<>());
        lastRow = file.lastRow();
      } else if (Bytes.compareTo(file.lastRow(), lastRow) > 0) {
        lastRow = file.lastRow();
      }
      joined.get(joined.size() - 1).add(file);
    }
    List<Group> groups = new ArrayList<>();
    for (int i = 0; i < joined.size(); i++) {
      byte[] start = i == 0 ? HConstants.EMPTY_START_ROW : joined.get(i).get(0).firstRow();
      byte[] end =
          i == joined.size() - 1 ? HConstants.EMPTY_END_ROW : joined.get(i + 1).get(0).firstRow();
      groups.add(new Group(start, end, List.copyOf(joined.get(i))));
    }
    return groups;
  }

  private static boolean hidden(Path path) {
    return path.getName().startsWith(".") || path.getName().startsWith("_");
  }

  private static List<FileStatus> sorted(FileStatus[] statuses) {
    List<FileStatus> list = new ArrayList<>(Arrays.asList(statuses));
    list.sort(Comparator.comparing(status -> status.getPath().getName()));
    return list;
  }
}
