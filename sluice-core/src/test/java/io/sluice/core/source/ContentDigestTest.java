package io.sluice.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentDigestTest {

  @TempDir Path dir;

  private Path write(String name, byte[] content) throws IOException {
    return Files.write(dir.resolve(name), content);
  }

  private static byte[] filled(int size, byte value) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, value);
    return bytes;
  }

  @Test
  void should_be_the_same_for_a_copy() throws IOException {
    byte[] content = filled(300_000, (byte) 7);

    assertThat(ContentDigest.of(write("a", content)))
        .isEqualTo(ContentDigest.of(write("b", content.clone())));
  }

  @Test
  void should_differ_for_same_size_files_that_differ_at_either_end() throws IOException {
    byte[] original = filled(300_000, (byte) 7);
    byte[] newHead = original.clone();
    newHead[10] = 8;
    byte[] newTail = original.clone();
    newTail[original.length - 10] = 8;

    String digest = ContentDigest.of(write("original", original));

    assertThat(ContentDigest.of(write("head", newHead))).isNotEqualTo(digest);
    assertThat(ContentDigest.of(write("tail", newTail))).isNotEqualTo(digest);
  }

  @Test
  void should_digest_small_and_empty_files() throws IOException {
    assertThat(ContentDigest.of(write("empty", new byte[0]))).startsWith("0:");
    assertThat(ContentDigest.of(write("one", new byte[] {1})))
        .isNotEqualTo(ContentDigest.of(write("two", new byte[] {2})));
  }
}
