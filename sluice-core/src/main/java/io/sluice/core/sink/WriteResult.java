package io.sluice.core.sink;

import io.sluice.core.count.Count;
import io.sluice.core.state.LineDetail;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What became of a group of rows handed to a {@link Sink}.
 *
 * <p>A validation's checking sink reads rows back instead of writing them: {@code written} counts
 * rows it compared with the target, {@code failed} rows it could not read, and {@code findings}
 * every row that did not match.
 *
 * @param written rows acknowledged by the target (a validation: rows checked)
 * @param retries write attempts repeated after a transient failure
 * @param failed rows that still failed after all retries, with the reason
 * @param findings what the sink found about rows beyond written or failed, each listed as a line
 *     and counted; empty for writes
 * @param lookedUp rows a validation read back by their key, one request each; 0 for writes
 */
public record WriteResult(
    long written, long retries, List<FailedRow> failed, List<Finding> findings, long lookedUp) {

  public WriteResult {
    failed = List.copyOf(failed);
    findings = List.copyOf(findings);
  }

  /** The result of writes or of checks that read no row by its key. */
  public WriteResult(long written, long retries, List<FailedRow> failed, List<Finding> findings) {
    this(written, retries, failed, findings, 0);
  }

  /** The result of writing rows. */
  public WriteResult(long written, long retries, List<FailedRow> failed) {
    this(written, retries, failed, List.of());
  }

  /**
   * The results of several writes of one group of rows as one: their counts summed, their failed
   * rows together, once every write has its answer.
   */
  public static CompletionStage<WriteResult> allOf(List<CompletableFuture<WriteResult>> writes) {
    if (writes.size() == 1) {
      return writes.get(0);
    }
    return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new))
        .thenApply(
            ignored -> {
              long written = 0;
              long retries = 0;
              List<FailedRow> failed = new ArrayList<>();
              for (CompletableFuture<WriteResult> write : writes) {
                WriteResult result = write.join();
                written += result.written();
                retries += result.retries();
                failed.addAll(result.failed());
              }
              return new WriteResult(written, retries, failed);
            });
  }

  /** A row the target did not accept. */
  public record FailedRow(Row row, String reason) {}

  /**
   * Something found about a row that the run lists and counts, such as a validation's difference.
   *
   * @param counts the counts it adds one to
   * @param reason the sentence of its line
   * @param detail the further fields of its line
   */
  public record Finding(Row row, List<Count> counts, String reason, LineDetail detail) {
    public Finding {
      counts = List.copyOf(counts);
    }
  }
}
