package io.sluice.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.checkpoint.SplitCheckpoint;
import io.sluice.core.count.CountTally;
import io.sluice.core.count.Counts;
import io.sluice.core.count.LiveCounts;
import io.sluice.core.flow.BacklogProbe;
import io.sluice.core.flow.FlowController;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.mapping.ColumnSpec;
import io.sluice.core.mapping.Mapper;
import io.sluice.core.mapping.MappingSpec;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.SourceSpec;
import io.sluice.core.source.Split;
import io.sluice.core.state.RejectLine;
import io.sluice.core.state.RejectStage;
import io.sluice.core.validate.Difference;
import io.sluice.core.validate.PrimaryKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One split run through the public entry point, as a Spark task runs it: with an in-memory writer,
 * its reject lines in memory, and its progress handed back rather than saved to a file.
 */
class SplitRunnerTest {

  private static final FlowSpec FLOW =
      new FlowSpec(1, 8, null, null, null, null, null, null, null, null);

  private final RecordingTarget target = new RecordingTarget();
  private final ExecutorService accounting = Executors.newSingleThreadExecutor();
  private final Mapper mapper = mapper();
  private final InMemorySource source = new InMemorySource("dump", List.of(people()));
  private final Split split = source.plan().get(0);
  private final PlannedSource planned = planned();

  @AfterEach
  void stopAccounting() {
    accounting.shutdownNow();
  }

  private Mapper mapper() {
    Map<String, ColumnSpec> columns = new LinkedHashMap<>();
    columns.put("id", ColumnSpec.ofField("_id"));
    columns.put("name", ColumnSpec.ofField("name"));
    return Mapper.compile(MappingSpec.of(columns), target.schema());
  }

  private PlannedSource planned() {
    SourceSpec spec = new SourceSpec("dump", "memory", List.of("mem"), null, null, Map.of());
    return new PlannedSource(
        source, List.of(split), WriteTimestamps.forSources(List.of(spec)).get(0));
  }

  /** 400 people; the 11th and the 301st are refused by the target, the 151st has no key. */
  private static List<SourceItem> people() {
    List<SourceItem> items = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      Map<String, Object> fields = new LinkedHashMap<>();
      if (i != 150) {
        fields.put("_id", "p" + i);
      }
      fields.put("name", i == 10 || i == 300 ? "refused" : "Person " + i);
      items.add(new Record(new SourcePosition("people", i * 10L, "p" + i), fields, 10));
    }
    return items;
  }

  private SplitResult runSplit(
      PlannedSource source, SplitLedger ledger, RunControl control, Sink sink)
      throws InterruptedException {
    try (FlowController flow = FlowController.start(FLOW, BacklogProbe.none())) {
      return new SplitRunner(mapper::map, sink, flow, accounting, control, new LiveCounts())
          .run(source, ledger);
    }
  }

  @Test
  void should_resume_a_stopped_split_with_no_row_lost_or_counted_twice() throws Exception {

    InMemoryLines lines = new InMemoryLines();
    StopSwitch firstControl = new StopSwitch();
    SplitResult first =
        runSplit(
            planned,
            new SplitLedger(split, null, source::positionAfter, lines, new InMemoryLines(), null),
            firstControl,
            stopAfterWrites(target.openSink(FLOW), 150, firstControl));
    SplitCheckpoint saved = first.progress();
    long mark = lines.mark();

    InMemoryLines resumedLines = lines.reopen(mark);
    SplitResult second =
        runSplit(
            planned,
            new SplitLedger(
                split, saved, source::positionAfter, resumedLines, new InMemoryLines(), null),
            new StopSwitch(),
            target.openSink(FLOW));

    assertThat(first.done()).isFalse();
    assertThat(first.counts().recordsRead()).isBetween(150L, 399L);
    assertThat(saved.position()).isNotNull();
    assertThat(saved.workDone()).isEqualTo(first.counts().recordsRead());
    assertThat(second.done()).isTrue();
    assertThat(second.progress().workDone()).isEqualTo(400);
    Counts total = sum(first.counts(), second.counts());
    assertThat(total.recordsRead()).isEqualTo(400);
    assertThat(total.rowsWritten()).isEqualTo(397);
    assertThat(total.rowsFailed()).isEqualTo(2);
    assertThat(total.rejectedMapping()).isEqualTo(1);
    assertThat(total.addUp()).isTrue();
    assertThat(target.rows).hasSize(397);
    assertThat(resumedLines.lines)
        .extracting(RejectLine::stage, line -> line.position().offset())
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(RejectStage.WRITE, 100L),
            org.assertj.core.groups.Tuple.tuple(RejectStage.MAPPING, 1_500L),
            org.assertj.core.groups.Tuple.tuple(RejectStage.WRITE, 3_000L));
  }

  /**
   * A sink that follows its split (a validation's merge join) finds rows past the split's last
   * record: they are counted and listed with the split, which is done only once they are.
   */
  @Test
  void should_commit_what_a_split_sink_finds_past_the_last_record_with_the_split()
      throws Exception {
    Sink rows = target.openSink(FLOW);
    List<Split> followed = new ArrayList<>();
    Sink following =
        new Sink() {
          @Override
          public Sink forSplit(Split of) {
            followed.add(of);
            return new Sink() {
              @Override
              public CompletionStage<WriteResult> write(List<Row> written) {
                return rows.write(written);
              }

              @Override
              public CompletionStage<WriteResult> splitEnds() {
                Difference extra =
                    new Difference(
                        Difference.Kind.EXTRA,
                        new PrimaryKey(List.of("id"), List.of("'zz'")),
                        List.of(),
                        false,
                        null);
                return CompletableFuture.completedFuture(
                    new WriteResult(0, 0, List.of(), List.of(extra.about(null))));
              }

              @Override
              public void close() {}
            };
          }

          @Override
          public CompletionStage<WriteResult> write(List<Row> written) {
            throw new AssertionError("rows go to the split's own sink");
          }

          @Override
          public void close() {}
        };
    InMemoryLines rejects = new InMemoryLines();
    InMemoryLines findings = new InMemoryLines();
    StopSwitch control = new StopSwitch();

    SplitResult result =
        runSplit(
            planned,
            new SplitLedger(split, null, source::positionAfter, rejects, findings, null),
            control,
            following);

    assertThat(control.reason).isNull();
    assertThat(followed).containsExactly(split);
    assertThat(result.done()).isTrue();
    assertThat(result.counts().recordsRead()).isEqualTo(400);
    assertThat(result.counts().rowsExtra()).isEqualTo(1);
    assertThat(rejects.lines).noneMatch(line -> line.stage() == RejectStage.DIFFERENCE);
    assertThat(findings.lines)
        .singleElement()
        .satisfies(line -> assertThat(line.stage()).isEqualTo(RejectStage.DIFFERENCE))
        .satisfies(line -> assertThat(line.reason()).contains("no source record gives"));
  }

  /**
   * A sink that sends records' rows together ({@code flow.batch: replica}): rows of one group go in
   * writes of at most its batch size, fewer writes than records, and a row the target refuses in a
   * group is rejected alone, at its own record's position, while the others are written.
   */
  @Test
  void should_send_grouped_records_together_and_reject_a_refused_row_alone() throws Exception {
    Sink rows = target.openSink(FLOW);
    List<List<Row>> writes = new ArrayList<>();
    Sink grouping =
        new Sink() {
          @Override
          public Object batchKey(List<Row> record) {
            // Two groups, as two replica sets: by the key's last digit being even or odd.
            String id = (String) record.get(0).values().get("id");
            return (id.charAt(id.length() - 1) - '0') % 2;
          }

          @Override
          public int batchRows() {
            return 7;
          }

          @Override
          public CompletionStage<WriteResult> write(List<Row> written) {
            synchronized (writes) {
              writes.add(List.copyOf(written));
            }
            return rows.write(written);
          }

          @Override
          public void close() {}
        };
    InMemoryLines rejects = new InMemoryLines();
    StopSwitch control = new StopSwitch();

    SplitResult result =
        runSplit(
            planned,
            new SplitLedger(split, null, source::positionAfter, rejects, new InMemoryLines(), null),
            control,
            grouping);

    assertThat(control.reason).isNull();
    assertThat(result.done()).isTrue();
    assertThat(result.counts().recordsRead()).isEqualTo(400);
    assertThat(result.counts().rowsWritten()).isEqualTo(397);
    assertThat(result.counts().rowsFailed()).isEqualTo(2);
    assertThat(result.counts().rejectedMapping()).isEqualTo(1);
    assertThat(result.counts().addUp()).isTrue();
    assertThat(target.rows).hasSize(397);
    assertThat(writes).allSatisfy(write -> assertThat(write).hasSizeBetween(1, 7));
    assertThat(writes)
        .as("each write holds one group's rows")
        .allSatisfy(
            write ->
                assertThat(write)
                    .extracting(row -> grouping.batchKey(List.of(row)))
                    .containsOnly(grouping.batchKey(List.of(write.get(0)))));
    assertThat(writes.size()).as("writes for 399 records in groups of 7").isBetween(57, 60);
    assertThat(rejects.lines)
        .extracting(RejectLine::stage, line -> line.position().offset())
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(RejectStage.WRITE, 100L),
            org.assertj.core.groups.Tuple.tuple(RejectStage.MAPPING, 1_500L),
            org.assertj.core.groups.Tuple.tuple(RejectStage.WRITE, 3_000L));
  }

  @Test
  void should_account_answers_the_sink_has_at_hand_on_the_worker() throws Exception {
    Sink sink = target.openSink(FLOW);
    Sink atHand = answeredAtOnce(sink, null);
    AtomicInteger handedOver = new AtomicInteger();

    SplitResult result;
    try (FlowController flow = FlowController.start(FLOW, BacklogProbe.none())) {
      result =
          new SplitRunner(
                  mapper::map,
                  atHand,
                  flow,
                  task -> {
                    handedOver.incrementAndGet();
                    task.run();
                  },
                  new StopSwitch(),
                  new LiveCounts())
              .run(
                  planned,
                  new SplitLedger(
                      split,
                      null,
                      source::positionAfter,
                      new InMemoryLines(),
                      new InMemoryLines(),
                      null));
    }

    assertThat(handedOver).hasValue(0);
    assertThat(result.done()).isTrue();
    assertThat(result.counts().recordsRead()).isEqualTo(400);
    assertThat(result.counts().rowsWritten()).isEqualTo(397);
    assertThat(result.counts().rowsFailed()).isEqualTo(2);
    assertThat(result.counts().addUp()).isTrue();
  }

  @Test
  void should_leave_a_record_whose_answer_at_hand_failed_uncommitted() throws Exception {
    StopSwitch control = new StopSwitch();

    SplitResult result =
        runSplit(
            planned,
            new SplitLedger(
                split, null, source::positionAfter, new InMemoryLines(), new InMemoryLines(), null),
            control,
            answeredAtOnce(target.openSink(FLOW), "Person 200"));

    assertThat(control.reason).startsWith("a write failed unexpectedly");
    assertThat(result.done()).isFalse();
    assertThat(Long.parseLong(result.progress().position())).isLessThanOrEqualTo(2_000);
  }

  /**
   * The sink's answers, complete when {@code write} returns, as a merge join's mostly are; the row
   * named {@code failing} gets a failed answer.
   */
  private static Sink answeredAtOnce(Sink sink, String failing) {
    return new Sink() {
      @Override
      public CompletionStage<WriteResult> write(List<Row> rows) {
        if (rows.get(0).values().get("name").equals(failing)) {
          return CompletableFuture.failedFuture(new IllegalStateException("no answer"));
        }
        return CompletableFuture.completedFuture(sink.write(rows).toCompletableFuture().join());
      }

      @Override
      public void close() {
        sink.close();
      }
    };
  }

  @Test
  void should_leave_a_record_whose_write_failed_uncommitted() throws Exception {
    target.brokenFor = "Person 200";
    StopSwitch control = new StopSwitch();

    SplitResult result =
        runSplit(
            planned,
            new SplitLedger(
                split, null, source::positionAfter, new InMemoryLines(), new InMemoryLines(), null),
            control,
            target.openSink(FLOW));

    assertThat(control.reason).startsWith("accounting a finished write failed");
    assertThat(result.done()).isFalse();
    assertThat(result.counts().recordsRead()).isLessThanOrEqualTo(200);
    assertThat(result.progress().position()).isNotNull();
    assertThat(Long.parseLong(result.progress().position())).isLessThanOrEqualTo(2_000);
  }

  @Test
  void should_reject_a_record_whose_mapping_or_sending_throws_and_go_on() throws Exception {
    InMemoryLines lines = new InMemoryLines();
    StopSwitch control = new StopSwitch();
    Sink sink = target.openSink(FLOW);
    Sink unsendable =
        new Sink() {
          @Override
          public CompletionStage<WriteResult> write(List<Row> rows) {
            if ("Person 20".equals(rows.get(0).values().get("name"))) {
              throw new IllegalArgumentException("cannot encode the value");
            }
            return sink.write(rows);
          }

          @Override
          public void close() {}
        };

    SplitResult result;
    try (FlowController flow = FlowController.start(FLOW, BacklogProbe.none())) {
      result =
          new SplitRunner(
                  record -> {
                    if ("p30".equals(record.fields().get("_id"))) {
                      throw new IllegalStateException("a mapping bug");
                    }
                    return mapper.map(record);
                  },
                  unsendable,
                  flow,
                  accounting,
                  control,
                  new LiveCounts())
              .run(
                  planned,
                  new SplitLedger(
                      split, null, source::positionAfter, lines, new InMemoryLines(), null));
    }

    assertThat(control.reason).isNull();
    assertThat(result.done()).isTrue();
    assertThat(result.counts().recordsRead()).isEqualTo(400);
    assertThat(result.counts().rejectedMapping()).isEqualTo(2);
    assertThat(result.counts().rowsFailed()).isEqualTo(3);
    assertThat(result.counts().rowsWritten()).isEqualTo(395);
    assertThat(result.counts().addUp()).isTrue();
    assertThat(lines.lines)
        .filteredOn(line -> line.position().offset() == 200 || line.position().offset() == 300)
        .extracting(RejectLine::stage, RejectLine::reason)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(
                RejectStage.WRITE,
                "the row cannot be sent: IllegalArgumentException: cannot encode the value"),
            org.assertj.core.groups.Tuple.tuple(
                RejectStage.MAPPING, "the mapping failed: IllegalStateException: a mapping bug"));
  }

  private static Counts sum(Counts a, Counts b) {
    CountTally tally = new CountTally(a);
    tally.add(b);
    return tally.snapshot();
  }

  /** A sink that stops the run once {@code writes} groups of rows were answered. */
  private static Sink stopAfterWrites(Sink sink, int writes, RunControl control) {
    AtomicInteger answered = new AtomicInteger();
    return new Sink() {
      @Override
      public CompletionStage<WriteResult> write(List<Row> rows) {
        return sink.write(rows)
            .whenComplete(
                (result, error) -> {
                  if (answered.incrementAndGet() >= writes) {
                    control.stop("asked to stop");
                  }
                });
      }

      @Override
      public void close() {
        sink.close();
      }
    };
  }

  /** The run's stop signal, with no error budget. */
  private static final class StopSwitch implements RunControl {
    volatile String reason;

    @Override
    public boolean stopped() {
      return reason != null;
    }

    @Override
    public synchronized void stop(String why) {
      if (reason == null) {
        reason = why;
      }
    }

    @Override
    public void rejected() {}
  }
}
