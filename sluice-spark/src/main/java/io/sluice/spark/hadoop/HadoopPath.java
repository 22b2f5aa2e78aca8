package io.sluice.spark.hadoop;

import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A path on one Hadoop file system ({@code hdfs://namenode:8020}, {@code s3a://bucket}): a list of
 * names, absolute from the file system's root or relative. An absolute path prints as its full URI,
 * so a split's resource name opens the same file on every executor.
 */
final class HadoopPath implements Path {

  private final HadoopNioFileSystem fileSystem;
  private final boolean absolute;
  private final List<String> names;

  HadoopPath(HadoopNioFileSystem fileSystem, boolean absolute, List<String> names) {
    this.fileSystem = fileSystem;
    this.absolute = absolute;
    this.names = List.copyOf(names);
  }

  /** Parses {@code /a/b} or {@code a/b}; empty names are dropped. */
  static HadoopPath parse(HadoopNioFileSystem fileSystem, String text) {
    List<String> names = new ArrayList<>();
    for (String name : text.split("/")) {
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return new HadoopPath(fileSystem, text.startsWith("/"), names);
  }

  /** The path as Hadoop names it. */
  org.apache.hadoop.fs.Path toHadoop() {
    return new org.apache.hadoop.fs.Path(toUri());
  }

  @Override
  public HadoopNioFileSystem getFileSystem() {
    return fileSystem;
  }

  @Override
  public boolean isAbsolute() {
    return absolute;
  }

  @Override
  public Path getRoot() {
    return absolute ? new HadoopPath(fileSystem, true, List.of()) : null;
  }

  @Override
  public Path getFileName() {
    return names.isEmpty()
        ? null
        : new HadoopPath(fileSystem, false, List.of(names.get(names.size() - 1)));
  }

  @Override
  public Path getParent() {
    if (names.isEmpty() || (names.size() == 1 && !absolute)) {
      return null;
    }
    return new HadoopPath(fileSystem, absolute, names.subList(0, names.size() - 1));
  }

  @Override
  public int getNameCount() {
    return names.size();
  }

  @Override
  public Path getName(int index) {
    return new HadoopPath(fileSystem, false, List.of(names.get(index)));
  }

  @Override
  public Path subpath(int beginIndex, int endIndex) {
    return new HadoopPath(fileSystem, false, names.subList(beginIndex, endIndex));
  }

  @Override
  public boolean startsWith(Path other) {
    HadoopPath that = sameFileSystem(other);
    return that.absolute == absolute
        && that.names.size() <= names.size()
        && names.subList(0, that.names.size()).equals(that.names);
  }

  @Override
  public boolean endsWith(Path other) {
    HadoopPath that = sameFileSystem(other);
    if (that.absolute) {
      return equals(that);
    }
    return that.names.size() <= names.size()
        && names.subList(names.size() - that.names.size(), names.size()).equals(that.names);
  }

  @Override
  public Path normalize() {
    List<String> kept = new ArrayList<>();
    for (String name : names) {
      if (name.equals(".")) {
        continue;
      }
      if (name.equals("..") && !kept.isEmpty() && !kept.get(kept.size() - 1).equals("..")) {
        kept.remove(kept.size() - 1);
      } else if (!(name.equals("..") && absolute)) {
        kept.add(name);
      }
    }
    return new HadoopPath(fileSystem, absolute, kept);
  }

  @Override
  public Path resolve(Path other) {
    HadoopPath that = sameFileSystem(other);
    if (that.absolute) {
      return that;
    }
    List<String> joined = new ArrayList<>(names);
    joined.addAll(that.names);
    return new HadoopPath(fileSystem, absolute, joined);
  }

  @Override
  public Path relativize(Path other) {
    HadoopPath that = sameFileSystem(other);
    if (that.absolute != absolute || !that.startsWith(this)) {
      throw new IllegalArgumentException(other + " is not under " + this);
    }
    return new HadoopPath(fileSystem, false, that.names.subList(names.size(), that.names.size()));
  }

  @Override
  public URI toUri() {
    return fileSystem.uriOf("/" + String.join("/", names));
  }

  @Override
  public Path toAbsolutePath() {
    return absolute ? this : new HadoopPath(fileSystem, true, names);
  }

  @Override
  public Path toRealPath(LinkOption... options) {
    return toAbsolutePath().normalize();
  }

  @Override
  public WatchKey register(
      WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
    throw new UnsupportedOperationException("a Hadoop file system cannot be watched");
  }

  @Override
  public int compareTo(Path other) {
    return toString().compareTo(other.toString());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof HadoopPath that
        && that.fileSystem == fileSystem
        && that.absolute == absolute
        && that.names.equals(names);
  }

  @Override
  public int hashCode() {
    return Objects.hash(absolute, names);
  }

  @Override
  public String toString() {
    return absolute ? toUri().toString() : String.join("/", names);
  }

  private HadoopPath sameFileSystem(Path other) {
    if (other instanceof HadoopPath that && that.fileSystem == fileSystem) {
      return that;
    }
    throw new ProviderMismatchException(other + " is not on " + fileSystem);
  }
}
