package io.sluice.formats.parquet;

import io.airlift.compress.Decompressor;
import io.airlift.compress.MalformedInputException;
import io.airlift.compress.hadoop.HadoopStreams;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lz4.Lz4HadoopStreams;
import io.airlift.compress.lzo.LzoHadoopStreams;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Decompresses Parquet pages in pure Java, without Hadoop's codec classes that Apache Parquet's own
 * {@code CodecFactory} loads: Snappy, Zstandard, LZ4 (raw, and Hadoop-framed as the deprecated
 * {@code LZ4} codec writes it) and LZO with aircompressor, gzip with {@code java.util.zip}. Brotli
 * is not supported: such pages fail to decompress, which rejects their row group. Read-only.
 */
final class PureJavaCodecs implements CompressionCodecFactory {

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
    throw new UnsupportedOperationException("Sluice only reads Parquet files");
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED -> new PageDecompressor(codec, (in, size) -> in);
      case SNAPPY -> block(codec, new SnappyDecompressor());
      case ZSTD -> block(codec, new ZstdDecompressor());
      case LZ4_RAW -> block(codec, new Lz4Decompressor());
      case GZIP -> stream(codec, GZIPInputStream::new);
      case LZ4 -> hadoopLz4(codec);
      case LZO -> stream(codec, new LzoHadoopStreams()::createInputStream);
      default ->
          new PageDecompressor(
              codec,
              (in, size) -> {
                throw new IOException(codec + " compression is not supported");
              });
    };
  }

  @Override
  public void release() {}

  private static PageDecompressor block(CompressionCodecName codec, Decompressor decompressor) {
    return new PageDecompressor(
        codec,
        (in, size) -> {
          byte[] out = new byte[size];
          int n = decompressor.decompress(in, 0, in.length, out, 0, size);
          return checked(out, n, size);
        });
  }

  private static PageDecompressor stream(CompressionCodecName codec, StreamOpener opener) {
    return new PageDecompressor(codec, (in, size) -> inflate(opener, in, size));
  }

  /**
   * The deprecated {@code LZ4} codec: Hadoop's block framing around LZ4 blocks, except in files
   * from old parquet-cpp versions, which wrote bare LZ4 blocks under the same name.
   */
  private static PageDecompressor hadoopLz4(CompressionCodecName codec) {
    HadoopStreams framed = new Lz4HadoopStreams();
    Lz4Decompressor raw = new Lz4Decompressor();
    return new PageDecompressor(
        codec,
        (in, size) -> {
          try {
            return inflate(framed::createInputStream, in, size);
          } catch (IOException | RuntimeException framingFailed) {
            byte[] out = new byte[size];
            return checked(out, raw.decompress(in, 0, in.length, out, 0, size), size);
          }
        });
  }

  private static byte[] inflate(StreamOpener opener, byte[] in, int size) throws IOException {
    try (InputStream stream = opener.open(new ByteArrayInputStream(in))) {
      byte[] out = stream.readNBytes(size);
      return checked(out, out.length, size);
    }
  }

  private static byte[] checked(byte[] out, int length, int expected) throws IOException {
    if (length != expected) {
      throw new IOException(
          "a page decompressed to " + length + " bytes where its header says " + expected);
    }
    return out;
  }

  @FunctionalInterface
  private interface StreamOpener {
    InputStream open(InputStream compressed) throws IOException;
  }

  @FunctionalInterface
  private interface Inflater {
    byte[] inflate(byte[] compressed, int decompressedSize) throws IOException;
  }

  /** One page at a time through an {@link Inflater}, failures as {@link IOException}s. */
  private record PageDecompressor(CompressionCodecName codec, Inflater inflater)
      implements BytesInputDecompressor {

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      if (codec == CompressionCodecName.UNCOMPRESSED) {
        return bytes;
      }
      return BytesInput.from(inflate(bytes.toInputStream().readAllBytes(), decompressedSize));
    }

    @Override
    public void decompress(
        ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException {
      byte[] in = new byte[compressedSize];
      input.get(in);
      output.put(inflate(in, decompressedSize));
    }

    private byte[] inflate(byte[] in, int decompressedSize) throws IOException {
      if (in.length == 0 && decompressedSize == 0) {
        // An empty section, such as the values of a v2 data page whose values are all null: it
        // holds no compressed stream at all, not even an empty one.
        return in;
      }
      try {
        return inflater.inflate(in, decompressedSize);
      } catch (MalformedInputException | IndexOutOfBoundsException | IllegalArgumentException e) {
        throw new IOException(codec + " data does not decompress: " + e.getMessage(), e);
      }
    }

    @Override
    public void release() {}
  }
}
