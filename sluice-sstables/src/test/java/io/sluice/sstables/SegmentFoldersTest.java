package io.sluice.sstables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SegmentFoldersTest {

  @TempDir Path dir;

  private SegmentFolders folders() {
    return new SegmentFolders(dir, "ks", "people");
  }

  private static Path segmentWith(SegmentFolders folders, String split, String name, String file)
      throws Exception {
    Path table = folders.create(split, name);
    Files.writeString(table.resolve(file), "data of " + file);
    return SegmentFolders.segmentOf(table);
  }

  @Test
  void should_delete_only_the_segments_a_killed_run_left_incomplete() throws Exception {
    SegmentFolders folders = folders();
    Path done = segmentWith(folders, "people#0", "run1-000001", "a-Data.db");
    SegmentFolders.markComplete(done);
    Path cut = segmentWith(folders, "people#0", "run1-000002", "b-Data.db");

    assertThat(folders.deleteIncomplete()).isEqualTo(1);

    assertThat(folders.complete()).containsExactly(done);
    assertThat(cut).doesNotExist();
  }

  @Test
  void should_refuse_a_segment_name_already_taken() throws Exception {
    SegmentFolders folders = folders();
    segmentWith(folders, "people#0", "run1-000001", "a-Data.db");

    assertThatThrownBy(() -> folders.create("people#0", "run1-000001"))
        .hasMessageContaining("run1-000001");
  }

  @Test
  void should_stage_a_batch_as_one_table_folder_of_links() throws Exception {
    SegmentFolders folders = folders();
    Path first = segmentWith(folders, "people#0", "run1-000001", "a-Data.db");
    Path second = segmentWith(folders, "people#1", "run1-000002", "b-Data.db");

    Path staged = folders.stage(0, List.of(first, second));

    assertThat(staged.getFileName().toString()).isEqualTo("people");
    assertThat(staged.getParent().getFileName().toString()).isEqualTo("ks");
    assertThat(staged.resolve("a-Data.db")).hasContent("data of a-Data.db");
    assertThat(staged.resolve("b-Data.db")).hasContent("data of b-Data.db");
    folders.clearStaging();
    assertThat(dir.resolve("staging")).doesNotExist();
    assertThat(folders.tableFolder(first).resolve("a-Data.db")).exists();
  }

  @Test
  void should_mark_a_segment_loaded_per_datacenter_and_retire_it() throws Exception {
    SegmentFolders folders = folders();
    Path segment = segmentWith(folders, "people#0", "run1-000001", "a-Data.db");
    SegmentFolders.markComplete(segment);

    SegmentFolders.markLoaded(segment, "dc2");

    assertThat(SegmentFolders.loaded(segment, "dc2")).isTrue();
    assertThat(SegmentFolders.loaded(segment, "dc1")).isFalse();
    folders.retire(segment, true);
    assertThat(segment).doesNotExist();
    assertThat(dir.resolve("loaded/people%230/run1-000001/ks/people/a-Data.db")).exists();
    assertThat(folders.segments()).isEmpty();
  }
}
