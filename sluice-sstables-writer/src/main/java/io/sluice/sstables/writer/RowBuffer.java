package io.sluice.sstables.writer;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.cassandra.db.marshal.ByteBufferAccessor;
import org.apache.cassandra.db.marshal.CompositeType;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.io.sstable.CQLSSTableWriter;
import org.apache.cassandra.utils.ByteBufferUtil;

/**
 * Rows of one segment as they arrived, in their encoded form, each with its partition's token, so
 * they can be written in the ring's order by Cassandra's sorted writer: a few arrays instead of a
 * tree of objects per row, and nothing to sort inside the writer.
 *
 * <p>A row is {@code row:long statement:int values:int [length:int bytes]...} (length -1 a null
 * value, -2 an unset one), the values in the table's order, the partition key's first.
 */
final class RowBuffer {

  private static final int NULL = -1;
  private static final int UNSET = -2;

  private final int partitionKeyColumns;
  private byte[] data = new byte[1 << 20];
  private int size;
  private int[] offsets = new int[1 << 12];
  private long[] tokens = new long[1 << 12];
  private int count;

  RowBuffer(int partitionKeyColumns) {
    this.partitionKeyColumns = partitionKeyColumns;
  }

  /** Reads a row of {@code length} bytes from {@code in}. */
  void add(DataInputStream in, int length) throws IOException {
    if (size + length > data.length) {
      data = Arrays.copyOf(data, Math.max(data.length * 2, size + length));
    }
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, count * 2);
      tokens = Arrays.copyOf(tokens, count * 2);
    }
    in.readFully(data, size, length);
    offsets[count] = size;
    tokens[count] = Murmur3Partitioner.instance.getToken(partitionKey(size)).token;
    size += length;
    count++;
  }

  int bytes() {
    return size;
  }

  boolean isEmpty() {
    return count == 0;
  }

  /** The row's number, as Sluice counts the segment's writes. */
  long rowNumber(int row) {
    return ByteBuffer.wrap(data, offsets[row], 8).getLong();
  }

  /** The number of the statement that writes the row. */
  int statement(int row) {
    return ByteBuffer.wrap(data, offsets[row] + 8, 4).getInt();
  }

  /**
   * The row's values, in the table's order, ready to be bound to {@link
   * CQLSSTableWriter#rawAddRow(List)}; they share the buffer.
   */
  List<ByteBuffer> values(int row) {
    ByteBuffer frame = ByteBuffer.wrap(data, offsets[row] + 12, data.length - offsets[row] - 12);
    int values = frame.getInt();
    List<ByteBuffer> list = new ArrayList<>(values);
    for (int i = 0; i < values; i++) {
      list.add(value(frame));
    }
    return list;
  }

  /**
   * The rows' indexes in the order a partitioner-ordered file holds them: by token, then by key
   * bytes (as Cassandra orders decorated keys), so a partition's rows are next to each other, in
   * the order they came. The tokens are sorted as primitives; only rows that share a token are
   * compared by key.
   */
  int[] ringOrder() {
    int[] order = new int[count];
    for (int i = 0; i < count; i++) {
      order[i] = i;
    }
    long[] sorted = Arrays.copyOf(tokens, count);
    sortByToken(sorted, order, 0, count - 1);
    int from = 0;
    for (int i = 1; i <= count; i++) {
      if (i == count || sorted[i] != sorted[from]) {
        if (i - from > 1) {
          // Rows of one token in the order they came (the sort by token is not stable), as the
          // appends to a list must be; then by key, stably.
          Arrays.sort(order, from, i);
          sortByKey(order, from, i);
        }
        from = i;
      }
    }
    return order;
  }

  /**
   * Where each file starts in {@code order} (rows in ring order): a new file at each of the sorted
   * {@code cuts} that falls between two rows' tokens, so a file's rows all lie between two cuts
   * (ranges end at their cut, inclusive). Files without rows are left out.
   */
  int[] fileStarts(int[] order, long[] cuts) {
    int[] starts = new int[Math.min(order.length, cuts.length + 1)];
    int files = 0;
    int cut = 0;
    for (int i = 0; i < order.length; i++) {
      long token = tokens[order[i]];
      boolean crossed = i == 0;
      while (cut < cuts.length && token > cuts[cut]) {
        cut++;
        crossed = true;
      }
      if (crossed) {
        starts[files++] = i;
      }
    }
    return Arrays.copyOf(starts, files);
  }

  /** Sorts {@code tokens[low..high]}, moving {@code order} alike (a quicksort, median of three). */
  private static void sortByToken(long[] tokens, int[] order, int low, int high) {
    while (high - low > 16) {
      int middle = (low + high) >>> 1;
      if (tokens[middle] < tokens[low]) {
        swap(tokens, order, middle, low);
      }
      if (tokens[high] < tokens[low]) {
        swap(tokens, order, high, low);
      }
      if (tokens[high] < tokens[middle]) {
        swap(tokens, order, high, middle);
      }
      long pivot = tokens[middle];
      int i = low;
      int j = high;
      while (i <= j) {
        while (tokens[i] < pivot) {
          i++;
        }
        while (tokens[j] > pivot) {
          j--;
        }
        if (i <= j) {
          swap(tokens, order, i++, j--);
        }
      }
      // Recurse into the smaller side, loop on the larger: the stack stays logarithmic.
      if (j - low < high - i) {
        sortByToken(tokens, order, low, j);
        low = i;
      } else {
        sortByToken(tokens, order, i, high);
        high = j;
      }
    }
    for (int i = low + 1; i <= high; i++) {
      for (int j = i; j > low && tokens[j] < tokens[j - 1]; j--) {
        swap(tokens, order, j, j - 1);
      }
    }
  }

  private static void swap(long[] tokens, int[] order, int a, int b) {
    long token = tokens[a];
    tokens[a] = tokens[b];
    tokens[b] = token;
    int row = order[a];
    order[a] = order[b];
    order[b] = row;
  }

  /** Orders rows that share a token by their key's bytes, when their keys differ at all. */
  private void sortByKey(int[] order, int from, int to) {
    ByteBuffer first = partitionKey(offsets[order[from]]);
    boolean oneKey = true;
    for (int i = from + 1; i < to && oneKey; i++) {
      oneKey = first.equals(partitionKey(offsets[order[i]]));
    }
    if (oneKey) {
      return;
    }
    Integer[] rows = new Integer[to - from];
    for (int i = from; i < to; i++) {
      rows[i - from] = order[i];
    }
    Arrays.sort(
        rows,
        (a, b) ->
            ByteBufferUtil.compareUnsigned(partitionKey(offsets[a]), partitionKey(offsets[b])));
    for (int i = from; i < to; i++) {
      order[i] = rows[i - from];
    }
  }

  private ByteBuffer partitionKey(int offset) {
    ByteBuffer frame = ByteBuffer.wrap(data, offset + 16, data.length - offset - 16);
    if (partitionKeyColumns == 1) {
      return keyValue(frame);
    }
    ByteBuffer[] parts = new ByteBuffer[partitionKeyColumns];
    for (int i = 0; i < partitionKeyColumns; i++) {
      parts[i] = keyValue(frame);
    }
    return CompositeType.build(ByteBufferAccessor.instance, parts);
  }

  /** A key's value; a missing one sorts as empty, and the writer refuses its row later. */
  private static ByteBuffer keyValue(ByteBuffer frame) {
    ByteBuffer value = value(frame);
    return value == null || value == CQLSSTableWriter.UNSET_VALUE
        ? ByteBufferUtil.EMPTY_BYTE_BUFFER
        : value;
  }

  private static ByteBuffer value(ByteBuffer frame) {
    int length = frame.getInt();
    if (length == NULL) {
      return null;
    }
    if (length == UNSET) {
      return CQLSSTableWriter.UNSET_VALUE;
    }
    ByteBuffer value = frame.slice(frame.position(), length);
    frame.position(frame.position() + length);
    return value;
  }
}
