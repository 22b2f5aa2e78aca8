package io.sluice.cassandra.doctor;

import io.sluice.cassandra.doctor.ClusterFacts.Readahead;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the block device under a local folder and its read-ahead, from Linux's {@code /sys}: the
 * folder's device number ({@code stat}'s {@code st_dev}) names {@code /sys/dev/block/MAJOR:MINOR},
 * whose {@code queue/read_ahead_kb} (a partition's is its disk's) is the read-ahead.
 */
final class BlockDevices {

  private static final Path SYS_DEV_BLOCK = Path.of("/sys/dev/block");

  private BlockDevices() {}

  /** The read-ahead of the device holding {@code directory}, empty off Linux or when unreadable. */
  static Optional<Readahead> readahead(String directory) {
    long dev;
    try {
      dev = ((Number) Files.getAttribute(Path.of(directory), "unix:dev")).longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return Optional.empty();
    }
    Path device = SYS_DEV_BLOCK.resolve(major(dev) + ":" + minor(dev));
    if (!Files.exists(device)) {
      return Optional.of(new Readahead(directory, null, 0));
    }
    try {
      Path real = device.toRealPath();
      Path queue = real.resolve("queue/read_ahead_kb");
      if (!Files.exists(queue)) {
        queue = real.getParent().resolve("queue/read_ahead_kb");
      }
      int kib = Integer.parseInt(Files.readString(queue).trim());
      return Optional.of(new Readahead(directory, real.getFileName().toString(), kib));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The major number of a Linux device number, as glibc's {@code major()}. */
  static long major(long dev) {
    return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
  }

  /** The minor number of a Linux device number, as glibc's {@code minor()}. */
  static long minor(long dev) {
    return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
  }
}
