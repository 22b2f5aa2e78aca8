package io.sluice.core.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A short digest that tells a file from a replacement of the same size: its size and the SHA-256 of
 * its first and last 64 KiB. Reading only the ends keeps it cheap for a dump of terabytes; a
 * replaced dump differs there (a new dump's header, other documents, other ObjectIds) even when its
 * size happens to match. Modification times are left out, so a copied file still resumes.
 */
public final class ContentDigest {

  static final int SAMPLE_BYTES = 64 * 1024;

  private ContentDigest() {}

  public static String of(Path file) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      digestRange(channel, 0, Math.min(size, SAMPLE_BYTES), sha);
      long tailStart = Math.max(SAMPLE_BYTES, size - SAMPLE_BYTES);
      digestRange(channel, tailStart, size - tailStart, sha);
      return size + ":" + HexFormat.of().formatHex(sha.digest(), 0, 12);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("This JVM has no SHA-256", e);
    }
  }

  private static void digestRange(FileChannel channel, long from, long length, MessageDigest sha)
      throws IOException {
    if (length <= 0) {
      return;
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, from + buffer.position()) < 0) {
        break;
      }
    }
    buffer.flip();
    sha.update(buffer);
  }
}
