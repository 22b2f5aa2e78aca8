package io.sluice.hbase;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegionFileSystem;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;

/**
 * A folder of HFiles ({@link HFileFolder}) laid out as a table's regions for HBase's region reader,
 * in a temporary folder of its own: a region per group of files, each file a symbolic link in its
 * family's folder (no data is copied), and a table descriptor made from the options, since HFiles
 * carry none: each family keeps the versions asked for and its TTL. The folder is removed on {@link
 * #close}, or at the process's exit when nothing closed it (a Spark executor the cluster stops).
 *
 * <p>Each link is named as a bulk-loaded file ({@code NAME_SeqId_N_}), numbered in the family's
 * name order, so that HBase orders the files as it would had they been bulk loaded one after
 * another: of two cells alike in row, column, timestamp and type, the later file's wins.
 */
final class LinkedHFiles implements RegionLayout {

  /** The table the regions are of, whose name a reject shows. */
  static final TableName TABLE = TableName.valueOf("hfiles");

  private final FileSystem fs;
  private final Path root;
  private final TableDescriptor table;
  private final Map<String, RegionInfo> regions;

  private LinkedHFiles(
      FileSystem fs, Path root, TableDescriptor table, Map<String, RegionInfo> regions) {
    this.fs = fs;
    this.root = root;
    this.table = table;
    this.regions = regions;
  }

  /** The table descriptor HBase reads the files with: the versions and TTLs of the options. */
  static TableDescriptor table(List<String> families, int versions, Map<String, Long> ttls) {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(TABLE);
    for (String family : families) {
      Long ttl = ttls.get(family);
      table.setColumnFamily(
          ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(family))
              .setMaxVersions(versions)
              .setTimeToLive(ttl == null ? HConstants.FOREVER : ttl.intValue())
              .build());
    }
    return table.build();
  }

  /** The region a group of files is read as. */
  static RegionInfo region(HFileFolder.Group group) {
    return RegionInfoBuilder.newBuilder(TABLE)
        .setStartKey(group.startRow())
        .setEndKey(group.endRow())
        .setRegionId(1)
        .build();
  }

  /** Lays out {@code folder}'s groups in a new temporary folder. */
  static LinkedHFiles link(Configuration conf, HFileFolder folder, TableDescriptor table)
      throws IOException {
    java.nio.file.Path temporary = Files.createTempDirectory("sluice-hfiles-");
    Path root = new Path(temporary.toUri());
    FileSystem fs = root.getFileSystem(conf);
    try {
      Path tableDir = CommonFSUtils.getTableDir(root, TABLE);
      Map<String, RegionInfo> regions = new HashMap<>();
      Map<String, Integer> linked = new HashMap<>();
      for (HFileFolder.Group group : folder.groups()) {
        RegionInfo region = region(group);
        regions.put(region.getEncodedName(), region);
        HRegionFileSystem.createRegionOnFileSystem(conf, fs, tableDir, region);
        Path regionDir = new Path(tableDir, region.getEncodedName());
        for (HFileFolder.StoreFile file : group.files()) {
          java.nio.file.Path familyDir =
              Files.createDirectories(
                  java.nio.file.Path.of(new Path(regionDir, file.family()).toUri()));
          int sequence = linked.merge(file.family(), 1, Integer::sum);
          Files.createSymbolicLink(
              familyDir.resolve(linkName(file.path().getName(), sequence)),
              java.nio.file.Path.of(file.path().toUri()));
        }
      }
      // As a restored snapshot's folder: removed at exit when nothing closed it.
      fs.deleteOnExit(root);
      return new LinkedHFiles(fs, root, table, regions);
    } catch (IOException | RuntimeException e) {
      fs.delete(root, true);
      throw e;
    }
  }

  /**
   * A bulk-loaded file's name: the file's own when it is one HBase takes (hex), so that a reject
   * names it, else its number.
   */
  private static String linkName(String name, int sequence) {
    String base = name.matches("[0-9a-f]+") ? name : String.format("%08x", sequence);
    return base + "_SeqId_" + sequence + "_";
  }

  @Override
  public Path rootDir() {
    return root;
  }

  @Override
  public TableDescriptor table() {
    return table;
  }

  @Override
  public RegionInfo region(String encodedName) throws IOException {
    RegionInfo region = regions.get(encodedName);
    if (region == null) {
      throw new IOException(
          "region " + encodedName + " is not one of the HFiles' key ranges: run with --fresh");
    }
    return region;
  }

  @Override
  public void close() throws IOException {
    fs.delete(root, true);
    fs.cancelDeleteOnExit(root);
  }
}
