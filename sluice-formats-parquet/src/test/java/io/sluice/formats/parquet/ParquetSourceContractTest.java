package io.sluice.formats.parquet;

import io.sluice.core.source.SourceProvider;
import io.sluice.core.source.SourceSpec;
import io.sluice.testinfra.SourceContract;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The Parquet source keeps the contract every source keeps. */
class ParquetSourceContractTest extends SourceContract {

  @Override
  protected SourceProvider provider() {
    return new ParquetSourceProvider();
  }

  private static SourceSpec spec(Path file) {
    return new SourceSpec("contract", "parquet", List.of(file.toString()), null, null, Map.of());
  }

  @Override
  protected SourceSpec writeRecords(Path dir, int count) throws IOException {
    Path file = dir.resolve("records.parquet");
    ContractFixtures.write(file, count, 150, Set.of());
    return spec(file);
  }

  /** Each damaged row gets a row group of its own, whose page checksum then fails. */
  @Override
  protected SourceSpec writeWithMalformed(Path dir, int count, Set<Integer> malformed)
      throws IOException {
    Path file = dir.resolve("damaged.parquet");
    ContractFixtures.write(file, count, 100, malformed);
    for (int row : malformed) {
      ContractFixtures.damage(file, ContractFixtures.groupOf(file, row), "note");
    }
    return spec(file);
  }
}
