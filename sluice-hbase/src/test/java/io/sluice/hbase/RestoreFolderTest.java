package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a process restores a local export: its place, and the places HBase could not use. */
class RestoreFolderTest {

  @TempDir Path dir;

  @Test
  void should_restore_a_local_export_under_the_temporary_folder_by_default() throws Exception {
    Path export = dir.resolve("exports/orders");
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(export.toUri());
    Configuration conf = SourceHadoop.configuration(root);

    org.apache.hadoop.fs.Path first = RestoreFolder.newFolder(conf, root, null);
    org.apache.hadoop.fs.Path second = RestoreFolder.newFolder(conf, root, null);

    Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    assertThat(Path.of(first.toUri()).getParent()).isEqualTo(tmp);
    assertThat(first.getName()).startsWith("sluice-hbase-restore-");
    assertThat(second).as("a folder of each process's own").isNotEqualTo(first);
  }

  @Test
  void should_restore_under_the_folder_the_options_name() throws Exception {
    org.apache.hadoop.fs.Path root =
        new org.apache.hadoop.fs.Path(dir.resolve("exports/orders").toUri());
    Path restores = dir.resolve("restores");

    org.apache.hadoop.fs.Path folder =
        RestoreFolder.newFolder(SourceHadoop.configuration(root), root, restores.toUri());

    assertThat(Path.of(folder.toUri()).getParent()).isEqualTo(restores);
  }

  @Test
  void should_refuse_a_restore_dir_inside_the_export() throws Exception {
    Path export = dir.resolve("exports/orders");
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(export.toUri());
    Configuration conf = SourceHadoop.configuration(root);

    assertThatThrownBy(
            () -> RestoreFolder.parent(conf, root, export.resolve("archive/restores").toUri()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is inside the export")
        .hasMessageContaining("outside its root folder");
    assertThat(RestoreFolder.parent(conf, root, dir.resolve("exports/orders-restores").toUri()))
        .as("a sibling whose name starts alike is outside")
        .isNotNull();
  }
}
