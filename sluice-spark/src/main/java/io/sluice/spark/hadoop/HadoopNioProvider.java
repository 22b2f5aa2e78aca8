package io.sluice.spark.hadoop;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.spi.FileSystemProvider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;

/**
 * Hadoop's {@code FileSystem} (HDFS, S3A, ABFS, GCS: whichever the Spark installation has) behind
 * {@code java.nio}, read-only. One provider serves every scheme; each {@code scheme://authority} is
 * one {@link HadoopNioFileSystem}.
 */
final class HadoopNioProvider extends FileSystemProvider {

  private final Configuration configuration;
  private final Map<String, HadoopNioFileSystem> fileSystems = new ConcurrentHashMap<>();

  HadoopNioProvider(Configuration configuration) {
    this.configuration = configuration;
  }

  @Override
  public String getScheme() {
    return "hadoop";
  }

  @Override
  public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
    return getFileSystem(uri);
  }

  @Override
  public HadoopNioFileSystem getFileSystem(URI uri) {
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    String authority = uri.getAuthority();
    return fileSystems.computeIfAbsent(
        scheme + "://" + (authority == null ? "" : authority),
        key -> {
          try {
            org.apache.hadoop.fs.FileSystem hadoop =
                org.apache.hadoop.fs.FileSystem.get(URI.create(key + "/"), configuration);
            return new HadoopNioFileSystem(this, scheme, authority, hadoop);
          } catch (IOException e) {
            throw new IllegalArgumentException(
                "cannot open " + key + " through Hadoop's FileSystem: " + e.getMessage(), e);
          }
        });
  }

  @Override
  public Path getPath(URI uri) {
    String path = uri.getPath();
    return HadoopPath.parse(getFileSystem(uri), path == null || path.isEmpty() ? "/" : path);
  }

  @Override
  public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
    refuseWrites(Set.of(options));
    HadoopPath file = hadoopPath(path);
    try {
      return file.getFileSystem().hadoop().open(file.toHadoop());
    } catch (FileNotFoundException e) {
      throw noSuchFile(file, e);
    }
  }

  @Override
  public SeekableByteChannel newByteChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attributes)
      throws IOException {
    return newFileChannel(path, options, attributes);
  }

  @Override
  public FileChannel newFileChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attributes)
      throws IOException {
    refuseWrites(options);
    HadoopPath file = hadoopPath(path);
    org.apache.hadoop.fs.FileSystem hadoop = file.getFileSystem().hadoop();
    try {
      FileStatus status = hadoop.getFileStatus(file.toHadoop());
      return new HadoopFileChannel(hadoop.open(file.toHadoop()), status.getLen());
    } catch (FileNotFoundException e) {
      throw noSuchFile(file, e);
    }
  }

  @Override
  public DirectoryStream<Path> newDirectoryStream(
      Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
    HadoopPath folder = hadoopPath(dir);
    FileStatus[] statuses;
    try {
      if (!folder.getFileSystem().hadoop().getFileStatus(folder.toHadoop()).isDirectory()) {
        throw new NotDirectoryException(folder.toString());
      }
      statuses = folder.getFileSystem().hadoop().listStatus(folder.toHadoop());
    } catch (FileNotFoundException e) {
      throw noSuchFile(folder, e);
    }
    List<Path> entries = new ArrayList<>();
    for (FileStatus status : statuses) {
      Path entry = folder.resolve(status.getPath().getName());
      if (filter.accept(entry)) {
        entries.add(entry);
      }
    }
    return new DirectoryStream<>() {
      @Override
      public Iterator<Path> iterator() {
        return entries.iterator();
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void createDirectory(Path dir, FileAttribute<?>... attributes) {
    throw new ReadOnlyFileSystemException();
  }

  @Override
  public void delete(Path path) {
    throw new ReadOnlyFileSystemException();
  }

  @Override
  public void copy(Path source, Path target, CopyOption... options) {
    throw new ReadOnlyFileSystemException();
  }

  @Override
  public void move(Path source, Path target, CopyOption... options) {
    throw new ReadOnlyFileSystemException();
  }

  @Override
  public boolean isSameFile(Path path, Path path2) {
    return path.toAbsolutePath().normalize().equals(path2.toAbsolutePath().normalize());
  }

  @Override
  public boolean isHidden(Path path) {
    Path name = path.getFileName();
    return name != null && name.toString().startsWith(".");
  }

  @Override
  public FileStore getFileStore(Path path) {
    throw new UnsupportedOperationException("no file store on a Hadoop file system");
  }

  @Override
  public void checkAccess(Path path, AccessMode... modes) throws IOException {
    for (AccessMode mode : modes) {
      if (mode != AccessMode.READ) {
        throw new AccessDeniedException(path.toString(), null, "read-only");
      }
    }
    status(hadoopPath(path));
  }

  @Override
  @SuppressWarnings("unchecked")
  public <V extends FileAttributeView> V getFileAttributeView(
      Path path, Class<V> type, LinkOption... options) {
    if (type != BasicFileAttributeView.class) {
      return null;
    }
    HadoopPath file = hadoopPath(path);
    return (V)
        new BasicFileAttributeView() {
          @Override
          public String name() {
            return "basic";
          }

          @Override
          public BasicFileAttributes readAttributes() throws IOException {
            return new HadoopAttributes(status(file));
          }

          @Override
          public void setTimes(FileTime modified, FileTime access, FileTime create) {
            throw new ReadOnlyFileSystemException();
          }
        };
  }

  @Override
  @SuppressWarnings("unchecked")
  public <A extends BasicFileAttributes> A readAttributes(
      Path path, Class<A> type, LinkOption... options) throws IOException {
    if (type != BasicFileAttributes.class) {
      throw new UnsupportedOperationException("only basic attributes on a Hadoop file system");
    }
    return (A) new HadoopAttributes(status(hadoopPath(path)));
  }

  @Override
  public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
      throws IOException {
    BasicFileAttributes basic = readAttributes(path, BasicFileAttributes.class);
    Map<String, Object> all = new HashMap<>();
    all.put("size", basic.size());
    all.put("lastModifiedTime", basic.lastModifiedTime());
    all.put("lastAccessTime", basic.lastAccessTime());
    all.put("creationTime", basic.creationTime());
    all.put("isDirectory", basic.isDirectory());
    all.put("isRegularFile", basic.isRegularFile());
    all.put("isSymbolicLink", basic.isSymbolicLink());
    all.put("isOther", basic.isOther());
    String names = attributes.startsWith("basic:") ? attributes.substring(6) : attributes;
    if (names.equals("*")) {
      return all;
    }
    Map<String, Object> wanted = new HashMap<>();
    for (String name : names.split(",")) {
      if (!all.containsKey(name)) {
        throw new IllegalArgumentException("no attribute '" + name + "' on a Hadoop file system");
      }
      wanted.put(name, all.get(name));
    }
    return wanted;
  }

  @Override
  public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
    throw new ReadOnlyFileSystemException();
  }

  private static FileStatus status(HadoopPath path) throws IOException {
    try {
      return path.getFileSystem().hadoop().getFileStatus(path.toHadoop());
    } catch (FileNotFoundException e) {
      throw noSuchFile(path, e);
    }
  }

  private static NoSuchFileException noSuchFile(HadoopPath path, FileNotFoundException cause) {
    NoSuchFileException missing = new NoSuchFileException(path.toString());
    missing.initCause(cause);
    return missing;
  }

  private static void refuseWrites(Set<? extends OpenOption> options) {
    for (OpenOption option : options) {
      if (option != StandardOpenOption.READ && option != LinkOption.NOFOLLOW_LINKS) {
        throw new ReadOnlyFileSystemException();
      }
    }
  }

  private static HadoopPath hadoopPath(Path path) {
    if (path instanceof HadoopPath hadoop) {
      return hadoop;
    }
    throw new ProviderMismatchException(path + " is not a Hadoop path");
  }
}
