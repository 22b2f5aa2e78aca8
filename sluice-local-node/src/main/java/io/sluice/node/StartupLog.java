package io.sluice.node;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows {@code system.log} and {@code stdout.log} from where they ended when a start began, so
 * the start sees only the lines of its own run and can quote them when it fails.
 */
final class StartupLog {

  private static final int MAX_LINES = 50_000;

  private final Followed system;
  private final Followed stdout;

  private StartupLog(NodeLayout layout) {
    this.system = new Followed(layout.systemLog());
    this.stdout = new Followed(layout.stdoutLog());
  }

  /** Starts following both logs from their current ends. */
  static StartupLog fromEndOf(NodeLayout layout) {
    return new StartupLog(layout);
  }

  /** Reads the lines written since the last call. */
  void poll() {
    system.poll();
    stdout.poll();
  }

  List<String> systemLines() {
    return system.lines;
  }

  List<String> stdoutLines() {
    return stdout.lines;
  }

  Path systemLog() {
    return system.file;
  }

  Path stdoutLog() {
    return stdout.file;
  }

  /** One log file, read in whole lines from an offset. */
  private static final class Followed {
    final Path file;
    final List<String> lines = new ArrayList<>();
    long offset;

    Followed(Path file) {
      this.file = file;
      this.offset = size(file);
    }

    void poll() {
      long size = size(file);
      if (size < offset) {
        offset = 0; // the log was rolled over or replaced
      }
      if (size == offset) {
        return;
      }
      byte[] bytes;
      try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
        in.seek(offset);
        bytes = new byte[(int) Math.min(size - offset, 16L << 20)];
        in.readFully(bytes);
      } catch (IOException e) {
        return;
      }
      int end = lastNewline(bytes);
      if (end < 0) {
        return;
      }
      offset += end + 1;
      String text = new String(bytes, 0, end, StandardCharsets.UTF_8);
      lines.addAll(List.of(text.split("\r?\n", -1)));
      if (lines.size() > MAX_LINES) {
        lines.subList(0, lines.size() - MAX_LINES).clear();
      }
    }

    private static int lastNewline(byte[] bytes) {
      for (int i = bytes.length - 1; i >= 0; i--) {
        if (bytes[i] == '\n') {
          return i;
        }
      }
      return -1;
    }

    private static long size(Path file) {
      try {
        return Files.size(file);
      } catch (IOException e) {
        return 0;
      }
    }
  }
}
