package io.sluice.formats.parquet;

import io.airlift.compress.Compressor;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4HadoopStreams;
import io.airlift.compress.lzo.LzoHadoopStreams;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.zstd.ZstdCompressor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** Page compressors for fixtures, in the layout each Parquet codec name stands for. */
final class TestCompressors {

  private TestCompressors() {}

  static BytesInputCompressor forCodec(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED -> compressor(codec, bytes -> bytes);
      case SNAPPY -> block(codec, new SnappyCompressor());
      case ZSTD -> block(codec, new ZstdCompressor());
      case LZ4_RAW -> block(codec, new Lz4Compressor());
      case GZIP -> stream(codec, GZIPOutputStream::new);
      case LZ4 -> stream(codec, new Lz4HadoopStreams()::createOutputStream);
      case LZO -> stream(codec, new LzoHadoopStreams()::createOutputStream);
      default -> mislabelled(codec);
    };
  }

  /** Writes pages uncompressed while naming {@code codec}, for codecs Sluice cannot read. */
  static BytesInputCompressor mislabelled(CompressionCodecName codec) {
    return compressor(codec, bytes -> bytes);
  }

  private static BytesInputCompressor block(CompressionCodecName codec, Compressor compressor) {
    return compressor(
        codec,
        bytes -> {
          byte[] out = new byte[compressor.maxCompressedLength(bytes.length)];
          int n = compressor.compress(bytes, 0, bytes.length, out, 0, out.length);
          return Arrays.copyOf(out, n);
        });
  }

  private static BytesInputCompressor stream(CompressionCodecName codec, StreamOpener opener) {
    return compressor(
        codec,
        bytes -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          try (OutputStream compressed = opener.open(out)) {
            compressed.write(bytes);
          }
          return out.toByteArray();
        });
  }

  private static BytesInputCompressor compressor(CompressionCodecName codec, Deflater deflater) {
    return new BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) throws IOException {
        return BytesInput.from(deflater.deflate(bytes.toInputStream().readAllBytes()));
      }

      @Override
      public CompressionCodecName getCodecName() {
        return codec;
      }

      @Override
      public void release() {}
    };
  }

  @FunctionalInterface
  private interface Deflater {
    byte[] deflate(byte[] bytes) throws IOException;
  }

  @FunctionalInterface
  private interface StreamOpener {
    OutputStream open(OutputStream out) throws IOException;
  }
}
