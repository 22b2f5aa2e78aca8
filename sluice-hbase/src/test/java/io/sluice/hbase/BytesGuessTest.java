package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Values HBase's own {@code Bytes} encoded, drawn from a seeded generator, read as they were. */
class BytesGuessTest {

  private static final long SEED = 20261128L;
  private static final int VALUES = 2_000;

  /**
   * Each value reads as the encoding HBase wrote it in, but for the few numbers whose bytes happen
   * to be printable text too (a float's 4 bytes may spell "=?W."): read as text, and rare (under 2%
   * of them).
   */
  @Test
  void should_read_each_seeded_value_as_the_encoding_hbase_wrote_it_in() {
    Random random = new Random(SEED);
    int printableNumbers = 0;
    for (int i = 0; i < VALUES; i++) {
      float ratio = (float) ordinary(random);
      double price = ordinary(random);
      Map<byte[], BytesDecoding> written = new LinkedHashMap<>();
      written.put(Bytes.toBytes(random.nextLong(-(1L << 53) + 1, 1L << 53)), BytesDecoding.LONG);
      written.put(Bytes.toBytes(random.nextInt(-(1 << 24) + 1, 1 << 24)), BytesDecoding.INT);
      written.put(Bytes.toBytes(price), BytesDecoding.DOUBLE);
      written.put(Bytes.toBytes(ratio), BytesDecoding.FLOAT);
      written.put(Bytes.toBytes(random.nextBoolean()), BytesDecoding.BOOLEAN);
      written.put(Bytes.toBytes(text(random)), BytesDecoding.UTF8);
      for (Map.Entry<byte[], BytesDecoding> value : written.entrySet()) {
        BytesDecoding kind = BytesGuess.kindOf(value.getKey());
        if (kind == BytesDecoding.UTF8 && value.getValue() != BytesDecoding.UTF8) {
          printableNumbers++;
          continue;
        }
        assertThat(kind)
            .as("%s %s", value.getValue(), Bytes.toStringBinary(value.getKey()))
            .isEqualTo(value.getValue());
      }
    }
    assertThat(printableNumbers).as("numbers that read as text").isLessThan(VALUES * 5 * 2 / 100);
  }

  @Test
  void should_take_the_encoding_most_values_of_a_column_fit_with_its_share() {
    Random random = new Random(SEED);
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 90; i++) {
      values.add(Bytes.toBytes(random.nextLong(1L << 40)));
    }
    // Text of 8 bytes decodes as a long too: the column stays a long, 90% sure.
    for (int i = 0; i < 10; i++) {
      values.add(Bytes.toBytes("abcdefg" + i));
    }
    BytesGuess guess = BytesGuess.ofValues(values);
    assertThat(guess.decoding()).isEqualTo(BytesDecoding.LONG);
    assertThat(guess.confidence()).isEqualTo(0.9);
    assertThat(guess.describe("values")).isEqualTo("long (90% of 100 sampled values)");
  }

  @Test
  void should_keep_the_bytes_when_the_encoding_most_values_fit_does_not_decode_them_all() {
    List<byte[]> values = new ArrayList<>();
    for (long i = 0; i < 9; i++) {
      values.add(Bytes.toBytes(i));
    }
    values.add(Bytes.toBytes(7));
    assertThat(BytesGuess.ofValues(values).decoding()).isEqualTo(BytesDecoding.RAW);
    values.set(9, new byte[] {(byte) 0xC3, 0x28});
    assertThat(BytesGuess.ofValues(values).decoding()).isEqualTo(BytesDecoding.RAW);
  }

  @Test
  void should_read_row_keys_as_text_when_printable_then_as_numbers_then_as_bytes() {
    Random random = new Random(SEED);
    List<byte[]> texts = new ArrayList<>();
    List<byte[]> longs = new ArrayList<>();
    List<byte[]> ints = new ArrayList<>();
    List<byte[]> hashes = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      // A printable key of 8 bytes is text, not a long.
      texts.add(Bytes.toBytes(String.format("user%04d", i)));
      longs.add(Bytes.toBytes(random.nextLong()));
      ints.add(Bytes.toBytes(random.nextInt()));
      byte[] hash = new byte[16];
      random.nextBytes(hash);
      hashes.add(hash);
    }
    assertThat(BytesGuess.ofKeys(texts).decoding()).isEqualTo(BytesDecoding.UTF8);
    assertThat(BytesGuess.ofKeys(longs).decoding()).isEqualTo(BytesDecoding.LONG);
    assertThat(BytesGuess.ofKeys(ints).decoding()).isEqualTo(BytesDecoding.INT);
    assertThat(BytesGuess.ofKeys(hashes).decoding()).isEqualTo(BytesDecoding.RAW);
    assertThat(BytesGuess.ofQualifiers(hashes).decoding()).isEqualTo(BytesDecoding.HEX);
  }

  /** A number a person would store: 0.001 to 10 million, either sign. */
  private static double ordinary(Random random) {
    double magnitude = Math.pow(10, random.nextInt(-3, 7)) * (1 + random.nextDouble() * 9);
    return random.nextBoolean() ? magnitude : -magnitude;
  }

  /** Printable text of 1 to 12 characters, some outside ASCII. */
  private static String text(Random random) {
    String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 -_é€日";
    StringBuilder out = new StringBuilder();
    for (int i = random.nextInt(1, 13); i > 0; i--) {
      out.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    assertThat(out.toString().getBytes(StandardCharsets.UTF_8)).isNotEmpty();
    return out.toString();
  }
}
