package io.sluice.spark;

import io.sluice.core.checkpoint.Checkpoint;
import io.sluice.core.checkpoint.CheckpointStore;
import io.sluice.core.state.LineStore;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * Where the splits of a job on Spark keep their progress, reachable from the driver and every
 * executor: each split's own checkpoint and reject lines, written only by the task running it. A
 * folder on a shared filesystem ({@link FolderSplits}) or a keyspace of the target cluster ({@link
 * KeyspaceSplits}), as the job file's {@code spark.state} says.
 */
interface SplitStore extends AutoCloseable {

  /** The checkpoint of one split. */
  CheckpointStore checkpoint(String splitId);

  /**
   * Opens one split's lines of a kind, keeping those below {@code keep}, a mark its checkpoint
   * saved.
   */
  LineStore openLines(String splitId, SplitLines kind, long keep);

  /** Every split's checkpoint, by split id, in the order of source name and split index. */
  Map<String, Checkpoint> splitCheckpoints();

  /** Writes one split's lines of a kind below {@code mark} to {@code to}. */
  void copyLines(String splitId, SplitLines kind, long mark, OutputStream to) throws IOException;

  /** Forgets every split's progress and lines, for a run with {@code --fresh}. */
  void clear();

  /** Where the splits are kept, for messages. */
  String location();

  @Override
  void close();

  /** The order of split ids: by source name, then by split index. */
  static int splitOrder(String a, String b) {
    int hashA = a.lastIndexOf('#');
    int hashB = b.lastIndexOf('#');
    int bySource = a.substring(0, hashA + 1).compareTo(b.substring(0, hashB + 1));
    if (bySource != 0 || hashA < 0 || hashB < 0) {
      return bySource != 0 ? bySource : a.compareTo(b);
    }
    try {
      return Integer.compare(
          Integer.parseInt(a.substring(hashA + 1)), Integer.parseInt(b.substring(hashB + 1)));
    } catch (NumberFormatException e) {
      return a.compareTo(b);
    }
  }
}
