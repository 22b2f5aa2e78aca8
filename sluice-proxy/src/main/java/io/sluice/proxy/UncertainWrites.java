package io.sluice.proxy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the replay does not send because the cluster may have applied them already and a second
 * application would add again (a counter update or a list append that timed out): each is written
 * down, with its statement and values, in {@code uncertain-writes.jsonl} in the proxy's state
 * folder, logged, counted, and shown by {@code sluice proxy status}, so that a person can check the
 * row on both clusters and set it right.
 */
final class UncertainWrites {

  private static final Logger LOG = LoggerFactory.getLogger(UncertainWrites.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int SHOWN = 20;

  /** One write: when it was made, for which cluster, and what it was. */
  record Uncertain(ClusterRole cluster, long madeAtMillis, String write) {}

  private final Path file;
  private final ArrayDeque<Uncertain> latest = new ArrayDeque<>();
  private long count;

  UncertainWrites(Path file) {
    this.file = file;
    this.count = linesIn(file);
  }

  /** The file the writes are written down in. */
  Path file() {
    return file;
  }

  /** Writes one down, logs it, and keeps it among the latest shown. */
  synchronized void add(Uncertain write) {
    count++;
    latest.addLast(write);
    if (latest.size() > SHOWN) {
      latest.removeFirst();
    }
    LOG.warn(
        "The {} cluster may or may not have applied a write made at {}, and applying it twice would"
            + " add twice: it is not replayed. Check its row on both clusters: {} (written down in"
            + " {})",
        write.cluster(),
        Instant.ofEpochMilli(write.madeAtMillis()),
        write.write(),
        file);
    ObjectNode line = JSON.createObjectNode();
    line.put("cluster", write.cluster().label());
    line.put("made-at", Instant.ofEpochMilli(write.madeAtMillis()).toString());
    line.put("write", write.write());
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(
          file,
          JSON.writeValueAsString(line) + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      LOG.error("Cannot write down an uncertain write in {}: {}", file, e.toString());
    }
  }

  /** How many are written down, by this run and earlier ones. */
  synchronized long count() {
    return count;
  }

  /** The latest ones of this run, oldest first. */
  synchronized List<Uncertain> latest() {
    return new ArrayList<>(latest);
  }

  private static long linesIn(Path file) {
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines.filter(line -> !line.isBlank()).count();
    } catch (IOException e) {
      return 0;
    }
  }
}
