package io.sluice.formats.text;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * How a text file is compressed, told by its name: {@code .gz} is gzip (several concatenated
 * members are read as one stream), {@code .zst} or {@code .zstd} is Zstandard (decoded in pure Java
 * by aircompressor, so no native library is loaded). A compressed file cannot be split.
 */
enum Compression {
  NONE,
  GZIP,
  ZSTD;

  private static final int BUFFER_BYTES = 256 * 1024;

  static Compression of(Path path) {
    String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".gz")) {
      return GZIP;
    }
    if (name.endsWith(".zst") || name.endsWith(".zstd")) {
      return ZSTD;
    }
    return NONE;
  }

  /** The file name without its compression suffix, for matching format extensions. */
  static String baseName(Path path) {
    String name = path.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    for (String suffix : new String[] {".gz", ".zst", ".zstd"}) {
      if (lower.endsWith(suffix)) {
        return name.substring(0, name.length() - suffix.length());
      }
    }
    return name;
  }

  /**
   * Decompresses {@code compressed}. The decoder starts on the first read, so a damaged header
   * surfaces there. Whatever the decoder complains about (gzip's {@code ZipException} and {@code
   * EOFException}, aircompressor's {@code IOException}s and unchecked {@code
   * MalformedInputException}) is a {@link CompressedDataException}; a failure to read the file
   * itself stays the {@code IOException} it was.
   */
  InputStream decompress(InputStream compressed) {
    return this == NONE ? compressed : new Decompressing(new FileBytes(compressed), this);
  }

  /** Thrown through the decoder when reading the file itself failed, which is not damage. */
  private static final class FileReadException extends IOException {
    final IOException failure;

    FileReadException(IOException failure) {
      super(failure.getMessage(), failure);
      this.failure = failure;
    }
  }

  /** The compressed file's bytes, with read failures marked as such. */
  private static final class FileBytes extends FilterInputStream {
    FileBytes(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (IOException e) {
        throw new FileReadException(e);
      }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      try {
        return super.read(buffer, offset, length);
      } catch (IOException e) {
        throw new FileReadException(e);
      }
    }
  }

  /** Opens the decoder lazily and turns its complaints into {@link CompressedDataException}s. */
  private static final class Decompressing extends InputStream {
    private final InputStream in;
    private final Compression compression;
    private InputStream decoder;

    Decompressing(InputStream compressed, Compression compression) {
      this.in = compressed;
      this.compression = compression;
    }

    private InputStream decoder() throws IOException {
      if (decoder == null) {
        decoder =
            compression == GZIP ? new GZIPInputStream(in, BUFFER_BYTES) : new ZstdInputStream(in);
      }
      return decoder;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      try {
        return decoder().read(buffer, offset, length);
      } catch (FileReadException e) {
        throw e.failure;
      } catch (IOException | RuntimeException e) {
        // aircompressor reports damaged input as an unchecked MalformedInputException
        throw new CompressedDataException(compression, e);
      }
    }

    @Override
    public void close() throws IOException {
      if (decoder != null) {
        decoder.close();
      } else {
        in.close();
      }
    }
  }
}
