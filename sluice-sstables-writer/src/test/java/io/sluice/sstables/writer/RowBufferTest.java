package io.sluice.sstables.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.io.sstable.CQLSSTableWriter;
import org.apache.cassandra.utils.ByteBufferUtil;
import org.junit.jupiter.api.Test;

class RowBufferTest {

  /**
   * A row as Sluice sends it: its number, the statement that writes it (here its number modulo
   * three), then its values, the partition key's first.
   */
  private static byte[] frame(long number, byte[]... values) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeLong(number);
    out.writeInt((int) (number % 3));
    out.writeInt(values.length);
    for (byte[] value : values) {
      if (value == null) {
        out.writeInt(-1);
      } else {
        out.writeInt(value.length);
        out.write(value);
      }
    }
    return bytes.toByteArray();
  }

  private static void add(RowBuffer buffer, byte[] frame) throws IOException {
    buffer.add(new DataInputStream(new ByteArrayInputStream(frame)), frame.length);
  }

  private static byte[] text(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  private record Expected(long token, ByteBuffer key, long number) {}

  private static final Comparator<Expected> RING =
      Comparator.comparingLong(Expected::token)
          .thenComparing(Expected::key, ByteBufferUtil::compareUnsigned);

  @Test
  void ordersRowsByTokenThenKeyWithEachPartitionTogetherInTheOrderItsRowsCame() throws IOException {
    Random random = new Random(17);
    RowBuffer buffer = new RowBuffer(1);
    List<Expected> expected = new ArrayList<>();
    for (long number = 0; number < 20_000; number++) {
      // About eight rows a partition, in no order.
      byte[] key = text("key-" + random.nextInt(2_500));
      add(buffer, frame(number, key, text("c" + number), text("v")));
      ByteBuffer wrapped = ByteBuffer.wrap(key);
      expected.add(
          new Expected(Murmur3Partitioner.instance.getToken(wrapped).token, wrapped, number));
    }
    expected.sort(RING);

    int[] order = buffer.ringOrder();

    List<Long> partitionsSeen = new ArrayList<>();
    ByteBuffer previousKey = null;
    for (int i = 0; i < order.length; i++) {
      Expected want = expected.get(i);
      ByteBuffer key = buffer.values(order[i]).get(0);
      assertThat(key).isEqualTo(want.key());
      // expected is sorted stably: a partition's rows in the order they were added
      assertThat(buffer.rowNumber(order[i])).isEqualTo(want.number());
      if (!key.equals(previousKey)) {
        partitionsSeen.add(want.token());
        previousKey = key;
      }
    }
    assertThat(partitionsSeen).isSorted().doesNotHaveDuplicates();
    List<Long> numbers = new ArrayList<>();
    for (int row : order) {
      numbers.add(buffer.rowNumber(row));
      assertThat(buffer.statement(row)).isEqualTo((int) (buffer.rowNumber(row) % 3));
    }
    assertThat(numbers).hasSize(20_000).doesNotHaveDuplicates().allMatch(n -> n >= 0 && n < 20_000);
  }

  @Test
  void filesAreCutWhereTheRingsCutsFallAndEachFileStaysBetweenTwoCuts() throws IOException {
    Random random = new Random(5);
    RowBuffer buffer = new RowBuffer(1);
    for (long number = 0; number < 5_000; number++) {
      add(buffer, frame(number, text("key-" + random.nextInt(1_000_000)), text("v")));
    }
    long[] cuts = {-6_000_000_000_000_000_000L, -1L, 0L, 3_000_000_000_000_000_000L};
    int[] order = buffer.ringOrder();

    int[] starts = buffer.fileStarts(order, cuts);

    // No token of 5,000 falls in (-1, 0]: four files, each within one range.
    assertThat(starts).hasSize(4).startsWith(0).isSorted();
    List<Integer> rangeOfFile = new ArrayList<>();
    for (int file = 0; file < starts.length; file++) {
      int end = file + 1 < starts.length ? starts[file + 1] : order.length;
      int range = rangeOf(tokenOf(buffer.values(order[starts[file]]).get(0)), cuts);
      for (int i = starts[file]; i < end; i++) {
        assertThat(rangeOf(tokenOf(buffer.values(order[i]).get(0)), cuts)).isEqualTo(range);
      }
      rangeOfFile.add(range);
    }
    assertThat(rangeOfFile).containsExactly(0, 1, 3, 4);
  }

  /** How many cuts lie below the token: ranges end at their cut, inclusive. */
  private static int rangeOf(long token, long[] cuts) {
    int range = 0;
    while (range < cuts.length && token > cuts[range]) {
      range++;
    }
    return range;
  }

  @Test
  void noCutsMeansOneFileAndCutsWithoutRowsMakeNoEmptyFiles() throws IOException {
    RowBuffer buffer = new RowBuffer(1);
    add(buffer, frame(0, text("only"), text("v")));
    int[] order = buffer.ringOrder();
    long token = tokenOf(buffer.values(0).get(0));

    assertThat(buffer.fileStarts(order, new long[0])).containsExactly(0);
    assertThat(buffer.fileStarts(order, new long[] {token - 2, token - 1, token + 1}))
        .containsExactly(0);
  }

  private static long tokenOf(ByteBuffer key) {
    return Murmur3Partitioner.instance.getToken(key).token;
  }

  @Test
  void keysOfManyColumnsAreCompositesAndValuesComeBackAsSent() throws IOException {
    Random random = new Random(3);
    RowBuffer buffer = new RowBuffer(2);
    for (long number = 0; number < 2_000; number++) {
      String tenant = "t" + random.nextInt(50);
      String user = "u" + random.nextInt(50);
      add(buffer, frame(number, text(tenant), text(user), number == 0 ? null : text("v")));
    }

    int[] order = buffer.ringOrder();

    List<Long> tokens = new ArrayList<>();
    for (int row : order) {
      List<ByteBuffer> values = buffer.values(row);
      tokens.add(tokenOf(composite(values.get(0), values.get(1))));
    }
    assertThat(tokens).isSorted();
    int first = -1;
    for (int row : order) {
      if (buffer.rowNumber(row) == 0) {
        first = row;
      }
    }
    assertThat(buffer.values(first).get(2)).isNull();
    assertThat(buffer.bytes()).isPositive();
  }

  /**
   * A partition key of several columns as Cassandra serializes it, written out here by hand: each
   * part's length in two bytes, its bytes, then an end-of-component byte of 0.
   */
  private static ByteBuffer composite(ByteBuffer... parts) {
    ByteBuffer key = ByteBuffer.allocate(1024);
    for (ByteBuffer part : parts) {
      key.putShort((short) part.remaining()).put(part.duplicate()).put((byte) 0);
    }
    return key.flip();
  }

  @Test
  void anUnsetValueComesBackAsTheWritersUnset() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeLong(7);
    out.writeInt(0);
    out.writeInt(2);
    out.writeInt(1);
    out.write('k');
    out.writeInt(-2);
    RowBuffer buffer = new RowBuffer(1);
    add(buffer, bytes.toByteArray());

    assertThat(buffer.rowNumber(0)).isEqualTo(7);
    assertThat(buffer.values(0).get(1)).isSameAs(CQLSSTableWriter.UNSET_VALUE);
  }
}
