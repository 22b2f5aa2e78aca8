package io.sluice.spark.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code java.nio} view of Hadoop's FileSystem, over Hadoop's local file system (HDFS itself is
 * read in {@code SparkHdfsIT}): what the file formats do with a path gives what it gives on a local
 * path.
 */
class HadoopNioProviderTest {

  @TempDir Path dir;

  private final HadoopNioProvider provider = new HadoopNioProvider(new Configuration());
  private byte[] content;
  private Path file;

  @BeforeEach
  void writeFile() throws Exception {
    content = new byte[300_000];
    new Random(7).nextBytes(content);
    Files.createDirectories(dir.resolve("data/sub"));
    Files.write(dir.resolve("data/a.bson"), content);
    Files.writeString(dir.resolve("data/b.csv"), "id\n1\n");
    file = provider.getPath(dir.resolve("data/a.bson").toUri());
  }

  @Test
  void should_read_a_file_from_any_position_as_a_local_channel_does() throws Exception {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      assertThat(channel.size()).isEqualTo(content.length);
      Random random = new Random(11);
      for (int i = 0; i < 50; i++) {
        int at = random.nextInt(content.length);
        ByteBuffer buffer = ByteBuffer.allocate(1 + random.nextInt(20_000));
        int n = channel.read(buffer, at);
        assertThat(n).isPositive();
        assertThat(Arrays.copyOf(buffer.array(), n))
            .isEqualTo(Arrays.copyOfRange(content, at, at + n));
      }
      assertThat(channel.read(ByteBuffer.allocate(10), content.length)).isEqualTo(-1);
      channel.position(content.length - 1000);
      byte[] tail = Channels.newInputStream(channel).readAllBytes();
      assertThat(tail)
          .isEqualTo(Arrays.copyOfRange(content, content.length - 1000, content.length));
    }
    try (InputStream in = Files.newInputStream(file)) {
      assertThat(in.readAllBytes()).isEqualTo(content);
    }
  }

  @Test
  void should_list_folders_and_tell_files_from_folders() throws Exception {
    Path folder = file.getParent();
    assertThat(Files.isDirectory(folder)).isTrue();
    assertThat(Files.isRegularFile(file)).isTrue();
    assertThat(Files.size(file)).isEqualTo(content.length);
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      entries.forEach(entry -> names.add(entry.getFileName().toString()));
    }
    assertThat(names).containsExactlyInAnyOrder("a.bson", "b.csv", "sub");
    PathMatcher glob = folder.getFileSystem().getPathMatcher("glob:*.csv");
    assertThat(glob.matches(folder.resolve("b.csv").getFileName())).isTrue();
    assertThat(glob.matches(file.getFileName())).isFalse();
  }

  @Test
  void should_name_a_file_by_a_uri_that_opens_it_again() {
    assertThat(file.toString()).startsWith("file:/").endsWith("/data/a.bson");
    assertThat(provider.getPath(java.net.URI.create(file.toString()))).isEqualTo(file);
    assertThat(file.getParent().resolve("sub/../a.bson").normalize()).isEqualTo(file);
    assertThat(file.getFileName().toString()).isEqualTo("a.bson");
    assertThat(file.resolveSibling("b.csv").toString()).endsWith("/data/b.csv");
  }

  @Test
  void should_say_a_missing_file_is_missing_and_refuse_writes() {
    Path missing = file.resolveSibling("missing.bson");
    assertThat(Files.exists(missing)).isFalse();
    assertThat(Files.isRegularFile(missing)).isFalse();
    assertThatThrownBy(() -> FileChannel.open(missing, StandardOpenOption.READ))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("missing.bson");
    assertThatThrownBy(() -> Files.newOutputStream(file.resolveSibling("new.bson")))
        .isInstanceOf(ReadOnlyFileSystemException.class);
    assertThatThrownBy(() -> Files.createTempFile(file.getParent(), "x", ".tmp"))
        .isInstanceOf(ReadOnlyFileSystemException.class);
  }
}
