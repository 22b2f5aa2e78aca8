package io.sluice.formats.parquet;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.core.source.SourcePosition;
import io.sluice.core.source.Split;
import io.sluice.core.source.SplitReader;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * Reads the rows of one split, which is one row group: positions are file row numbers, and a split
 * opened with {@code start} inside its group skips to that row. The group's pages are read on the
 * first {@link #next}, so that damage found there becomes data, not an exception.
 *
 * <p>Damage, as {@link MalformedRecord}s: a row with an invalid value (see {@link RowProblems}) is
 * rejected alone; a failure to read or decode the group (a bad page header, checksum, compressed
 * data or encoding) rejects the group from the first row not yet returned to its end, in one item,
 * and the split ends there; a file that is not readable Parquet at all yields one item for the
 * whole split. Only failures to access the file ({@link FileAccessException}) are thrown.
 */
final class ParquetSplitReader implements SplitReader {

  private final Split split;
  private final ParquetFileReader reader;
  private final RowGroup group;
  private final Projection projection;
  private final boolean binaryAsString;
  private final long fileLength;
  private SourceItem pending;
  private RowMaterializer materializer;
  private RecordReader<Map<String, Object>> rows;
  private long nextRow;
  private boolean done;
  private long workDone;

  private ParquetSplitReader(
      Split split,
      ParquetFileReader reader,
      RowGroup group,
      Projection projection,
      boolean binaryAsString,
      long fileLength) {
    this.split = split;
    this.reader = reader;
    this.group = group;
    this.projection = projection;
    this.binaryAsString = binaryAsString;
    this.fileLength = fileLength;
    this.nextRow = split.start();
    this.done = split.start() >= split.end();
  }

  static ParquetSplitReader open(Split split, ParquetFile file, ParquetSourceOptions options)
      throws IOException {
    ParquetFileReader reader;
    try {
      reader = ParquetFileOpener.open(file.path(), options.verifyChecksums());
    } catch (IOException | RuntimeException e) {
      FileAccessException.rethrowIfCause(e);
      ParquetSplitReader unreadable = new ParquetSplitReader(split, null, null, null, false, 0);
      if (!unreadable.done) {
        unreadable.pending =
            new MalformedRecord(
                new SourcePosition(split.resource(), split.start(), null),
                "not a readable Parquet file: " + Failures.describe(e),
                split.work(),
                split.end());
      }
      return unreadable;
    }
    try {
      List<RowGroup> groups = RowGroup.of(reader.getRowGroups());
      RowGroup group = RowGroup.ofSplit(groups, split.start(), split.end());
      if (split.start() < split.end() && group == null) {
        throw new IOException(
            split.resource()
                + " changed after it was planned: no row group holds rows "
                + split.start()
                + " to "
                + (split.end() - 1));
      }
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Projection projection = Projection.of(schema, options.columns());
      return new ParquetSplitReader(
          split, reader, group, projection, options.binaryAsString(), Files.size(file.path()));
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  @Override
  public SourceItem next() throws IOException {
    if (pending != null) {
      SourceItem item = pending;
      pending = null;
      done = true;
      workDone += split.work();
      return item;
    }
    if (done || nextRow >= split.end()) {
      done = true;
      return null;
    }
    Map<String, Object> row;
    try {
      if (rows == null) {
        rows = load();
      }
      row = rows.read();
    } catch (IOException | RuntimeException e) {
      FileAccessException.rethrowIfCause(e);
      return rejectRest(e);
    } catch (NoClassDefFoundError e) {
      // Apache Parquet names the file in its message about a page it cannot read, through Hadoop's
      // Path, which Sluice does not ship: the page is what is damaged.
      return rejectRest(new IOException("a page or its header cannot be read"));
    }
    String problem = materializer.takeProblem();
    long rowNumber = nextRow++;
    long size = group.bytesOf(rowNumber);
    workDone += size;
    SourcePosition position = new SourcePosition(split.resource(), rowNumber, null);
    if (problem != null) {
      return new MalformedRecord(position, "row " + rowNumber + ": " + problem, size, nextRow);
    }
    projection.missing().forEach(name -> row.put(name, null));
    return new Record(position, row, size, nextRow);
  }

  /** Reads the group's pages and skips to the split's first row. */
  private RecordReader<Map<String, Object>> load() throws IOException {
    MessageType requested = projection.requested();
    materializer = new RowMaterializer(requested, binaryAsString);
    RecordReader<Map<String, Object>> groupRows;
    if (requested.getFieldCount() == 0) {
      groupRows = new NoColumns();
    } else {
      ChunkBounds.check(reader.getRowGroups().get(group.index()), projection.columns(), fileLength);
      reader.setRequestedSchema(requested);
      PageReadStore pages = reader.readRowGroup(group.index());
      MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
      MessageColumnIO io = new ColumnIOFactory(false).getColumnIO(requested, fileSchema, true);
      groupRows = io.getRecordReader(pages, materializer);
    }
    for (long row = group.firstRow(); row < split.start(); row++) {
      groupRows.read();
      materializer.takeProblem();
    }
    return groupRows;
  }

  /** One item for the rest of the group, which cannot be decoded; the split ends with it. */
  private MalformedRecord rejectRest(Throwable failure) {
    long from = nextRow;
    long last = group.endRow() - 1;
    String where =
        from == group.firstRow()
            ? "row group " + group.index() + " (rows " + from + " to " + last + ")"
            : "row group " + group.index() + ", rows " + from + " to " + last + ",";
    long size = group.compressedBytes() - group.bytesBefore(from);
    done = true;
    nextRow = group.endRow();
    workDone += size;
    return new MalformedRecord(
        new SourcePosition(split.resource(), from, null),
        where + " cannot be decoded: " + Failures.describe(failure),
        size,
        group.endRow());
  }

  @Override
  public long workDone() {
    return workDone;
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }

  /** Rows of a file that has none of the requested columns: every field is null. */
  private static final class NoColumns extends RecordReader<Map<String, Object>> {
    @Override
    public Map<String, Object> read() {
      return new LinkedHashMap<>();
    }
  }
}
