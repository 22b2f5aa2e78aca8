package io.sluice.spark.hadoop;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.Set;

/**
 * One Hadoop file system ({@code scheme://authority}) seen through {@code java.nio}, read-only:
 * what the file formats need to list folders, read attributes and read files at any position.
 */
final class HadoopNioFileSystem extends FileSystem {

  private final HadoopNioProvider provider;
  private final String scheme;
  private final String authority;
  private final org.apache.hadoop.fs.FileSystem hadoop;

  HadoopNioFileSystem(
      HadoopNioProvider provider,
      String scheme,
      String authority,
      org.apache.hadoop.fs.FileSystem hadoop) {
    this.provider = provider;
    this.scheme = scheme;
    this.authority = authority;
    this.hadoop = hadoop;
  }

  org.apache.hadoop.fs.FileSystem hadoop() {
    return hadoop;
  }

  URI uriOf(String absolutePath) {
    try {
      return new URI(scheme, authority, absolutePath, null, null);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a path of " + this + ": " + absolutePath, e);
    }
  }

  @Override
  public HadoopNioProvider provider() {
    return provider;
  }

  /** Hadoop's file systems are shared and cached by Hadoop itself: closing is its business. */
  @Override
  public void close() {}

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public boolean isReadOnly() {
    return true;
  }

  @Override
  public String getSeparator() {
    return "/";
  }

  @Override
  public Iterable<Path> getRootDirectories() {
    return List.of(new HadoopPath(this, true, List.of()));
  }

  @Override
  public Iterable<FileStore> getFileStores() {
    return List.of();
  }

  @Override
  public Set<String> supportedFileAttributeViews() {
    return Set.of("basic");
  }

  @Override
  public Path getPath(String first, String... more) {
    StringBuilder text = new StringBuilder(first);
    for (String part : more) {
      text.append('/').append(part);
    }
    return HadoopPath.parse(this, text.toString());
  }

  /** Globs and regexes as the local file system reads them, matched against the path's names. */
  @Override
  public PathMatcher getPathMatcher(String syntaxAndPattern) {
    PathMatcher local = FileSystems.getDefault().getPathMatcher(syntaxAndPattern);
    return path -> {
      String text = path.isAbsolute() ? path.toUri().getPath() : path.toString();
      return local.matches(Path.of(text));
    };
  }

  @Override
  public UserPrincipalLookupService getUserPrincipalLookupService() {
    throw new UnsupportedOperationException("no user lookup on a Hadoop file system");
  }

  @Override
  public WatchService newWatchService() {
    throw new UnsupportedOperationException("a Hadoop file system cannot be watched");
  }

  @Override
  public String toString() {
    return scheme + "://" + (authority == null ? "" : authority);
  }
}
