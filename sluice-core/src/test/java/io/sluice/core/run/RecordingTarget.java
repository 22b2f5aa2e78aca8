package io.sluice.core.run;

import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlType;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import io.sluice.core.sink.WriteResult;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A target table {@code (id text PRIMARY KEY, name text)} kept in memory. Rows whose name is {@code
 * "refused"} fail as a real target would refuse them, after one retry. While {@link #brokenFor}
 * names a row's name, the write of that row is answered with no result at all, which the run cannot
 * account.
 */
final class RecordingTarget implements Target {

  final Map<String, Row> rows = new ConcurrentHashMap<>();
  volatile String brokenFor;

  /** What each sink opened for a run was told of the source the run has left to read. */
  final List<OptionalLong> sinkSourceBytes = new CopyOnWriteArrayList<>();

  @Override
  public TableSchema schema() {
    return new TableSchema(
        "ks",
        "people",
        List.of(
            new ColumnSchema("id", new CqlType.Native("text"), ColumnSchema.Role.PARTITION_KEY),
            new ColumnSchema("name", new CqlType.Native("text"), ColumnSchema.Role.REGULAR)),
        false);
  }

  @Override
  public Sink openSink(FlowSpec flow, FlowFeedback feedback, OptionalLong sourceBytes) {
    sinkSourceBytes.add(sourceBytes);
    return openSink(flow, feedback);
  }

  @Override
  public Sink openSink(FlowSpec flow, FlowFeedback feedback) {
    return new Sink() {
      @Override
      public CompletionStage<WriteResult> write(List<Row> batch) {
        return CompletableFuture.supplyAsync(
            () -> {
              if (batch.stream().anyMatch(r -> r.values().get("name").equals(brokenFor))) {
                return null;
              }
              long written = 0;
              List<WriteResult.FailedRow> failed = new java.util.ArrayList<>();
              for (Row row : batch) {
                if ("refused".equals(row.values().get("name"))) {
                  failed.add(new WriteResult.FailedRow(row, "write refused: test"));
                } else {
                  rows.put((String) row.values().get("id"), row);
                  written++;
                }
              }
              return new WriteResult(written, failed.size(), failed);
            });
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void close() {}
}
