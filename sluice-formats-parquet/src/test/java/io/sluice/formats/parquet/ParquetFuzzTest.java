package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.core.source.MalformedRecord;
import io.sluice.core.source.Record;
import io.sluice.core.source.SourceItem;
import io.sluice.testinfra.FuzzInputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of the Parquet reader: a small valid file of three row groups with a few bytes
 * overwritten (in pages, page headers or the footer) and possibly cut short. Whatever the damage,
 * the reader returns rows and rejects, each reject with a reason that is more than an exception's
 * name, and nothing else escapes it. Tries per property: {@code jqwik.tries.default} (300 in the
 * build; {@code bench/fuzz/run.sh} runs more).
 */
class ParquetFuzzTest {

  /**
   * The build draws the same inputs every run, so it never fails by chance; a longer run ({@code
   * bench/fuzz/run.sh}) draws many more from the same seed.
   */
  private static final String FIXED_SEED = "20261123";

  private static Path dir;
  private static byte[] seed;

  @BeforeContainer
  static void writeSeed() throws IOException {
    dir = FuzzInputs.createFolder("sluice-parquet-fuzz");
    Path file = dir.resolve("seed.parquet");
    ContractFixtures.write(file, 30, 10, Set.of());
    seed = Files.readAllBytes(file);
  }

  @AfterContainer
  static void deleteFolder() throws IOException {
    FuzzInputs.deleteFolder(dir);
  }

  /** The seed with up to eight bytes overwritten, and sometimes cut short. */
  @Provide
  Arbitrary<byte[]> damagedFile() {
    return FuzzInputs.damagedCopies(seed, Arbitraries.bytes());
  }

  @Property(seed = FIXED_SEED)
  void reads_or_rejects_every_row_group(@ForAll("damagedFile") byte[] content) throws IOException {
    Files.write(dir.resolve("fuzz.parquet"), content);
    ParquetSource source = Reads.source(dir, List.of("fuzz.parquet"), Map.of());
    for (SourceItem item : Reads.all(source)) {
      assertThat(item).isInstanceOfAny(Record.class, MalformedRecord.class);
      if (item instanceof MalformedRecord malformed) {
        // A reason explains; a bare exception name does not.
        assertThat(malformed.reason()).isNotBlank().doesNotMatch(".*: [A-Za-z]*Exception$");
      }
    }
  }
}
