package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class HFileFolderTest {

  @Test
  void should_read_files_whose_rows_overlap_as_one_region_whatever_their_family() {
    List<HFileFolder.Group> groups =
        HFileFolder.group(
            List.of(
                file("d", "a", "m"),
                file("t", "c", "p"),
                file("d", "q", "r"),
                file("t", "s", "z"),
                file("d", "t", "u")));

    assertThat(groups).hasSize(3);
    assertThat(rows(groups.get(0))).containsExactly("a-m", "c-p");
    assertThat(rows(groups.get(1))).containsExactly("q-r");
    assertThat(rows(groups.get(2))).containsExactly("s-z", "t-u");
    assertThat(groups.get(0).startRow()).isEmpty();
    assertThat(Bytes.toString(groups.get(0).endRow())).isEqualTo("q");
    assertThat(Bytes.toString(groups.get(1).startRow())).isEqualTo("q");
    assertThat(Bytes.toString(groups.get(1).endRow())).isEqualTo("s");
    assertThat(groups.get(2).endRow()).isEmpty();
  }

  @Test
  void should_read_a_file_sharing_only_a_row_with_another_in_its_region() {
    List<HFileFolder.Group> groups =
        HFileFolder.group(List.of(file("d", "a", "k"), file("t", "k", "n")));

    assertThat(groups).hasSize(1);
  }

  private static HFileFolder.StoreFile file(String family, String first, String last) {
    return new HFileFolder.StoreFile(
        family,
        new Path("/f/" + family + "/" + first),
        Bytes.toBytes(first),
        Bytes.toBytes(last),
        10);
  }

  private static List<String> rows(HFileFolder.Group group) {
    return group.files().stream()
        .map(f -> Bytes.toString(f.firstRow()) + "-" + Bytes.toString(f.lastRow()))
        .toList();
  }
}
