package io.sluice.core.run;

import io.sluice.core.flow.FlowFeedback;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.state.RejectStage;
import io.sluice.core.validate.Difference;
import io.sluice.core.validate.PrimaryKey;
import io.sluice.core.validate.RowComparison;
import io.sluice.core.validate.TargetRow;
import io.sluice.core.validate.ValidatingTarget;
import io.sluice.core.validate.ValidationSpec;
import io.sluice.core.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The table {@code (id text PRIMARY KEY, name text)} of {@link RecordingTarget}, held in memory
 * with a writetime per name, that a validation can check, repair and scan. Rows named {@code
 * "refused"} cannot be read back, as if the target kept timing out.
 */
final class InMemoryTable implements ValidatingTarget {

  /** A stored name and its writetime. */
  record Cell(String name, long writetime) {}

  final Map<String, Cell> rows = new ConcurrentHashMap<>();
  private final TableSchema schema = new RecordingTarget().schema();

  @Override
  public TableSchema schema() {
    return schema;
  }

  @Override
  public Sink openSink(FlowSpec flow, FlowFeedback feedback) {
    throw new UnsupportedOperationException("this table is only validated");
  }

  @Override
  public Sink openChecker(
      FlowSpec flow, FlowFeedback feedback, ValidationSpec spec, List<String> columns) {
    return new Sink() {
      @Override
      public RejectStage refusalStage() {
        return RejectStage.CHECK;
      }

      @Override
      public CompletionStage<WriteResult> write(List<Row> batch) {
        return CompletableFuture.supplyAsync(() -> check(batch, spec));
      }

      @Override
      public void close() {}
    };
  }

  private WriteResult check(List<Row> batch, ValidationSpec spec) {
    long checked = 0;
    List<WriteResult.FailedRow> failed = new ArrayList<>();
    List<WriteResult.Finding> found = new ArrayList<>();
    for (Row row : batch) {
      String id = (String) row.values().get("id");
      if ("refused".equals(row.values().get("name"))) {
        failed.add(new WriteResult.FailedRow(row, "read failed: test"));
        continue;
      }
      checked++;
      Cell cell = rows.get(id);
      TargetRow target =
          cell == null
              ? null
              : new TargetRow(
                  Map.of("id", id, "name", cell.name()), Map.of("name", cell.writetime()));
      // As the Cassandra checker judges: cells written since the check began are live writes,
      // unless the source is frozen in time.
      long liveSince = spec.frozenSource() ? Long.MAX_VALUE : System.currentTimeMillis() * 1000;
      Verdict verdict =
          new RowComparison(schema, false, liveSince)
              .compare(row.values(), row.writeTimestampMicros(), row.cellTimes(), target);
      Difference difference = Difference.of(verdict, PrimaryKey.of(row.values(), schema));
      if (difference == null) {
        continue;
      }
      if (spec.repair() && difference.kind() != Difference.Kind.CHANGED_SINCE) {
        rows.put(id, new Cell((String) row.values().get("name"), row.writeTimestampMicros()));
        difference = difference.withRepair(true, null);
      }
      found.add(difference.about(row));
    }
    return new WriteResult(checked, 0, failed, found);
  }

  @Override
  public void scanPrimaryKeys(Consumer<Map<String, Object>> keys) {
    rows.keySet().forEach(id -> keys.accept(Map.of("id", id)));
  }

  @Override
  public void deleteRow(PrimaryKey key, long timestampMicros) {
    String literal = key.literals().get(0);
    rows.remove(literal.substring(1, literal.length() - 1).replace("''", "'"));
  }

  @Override
  public void close() {}
}
