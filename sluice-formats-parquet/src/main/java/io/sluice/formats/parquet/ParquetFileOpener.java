package io.sluice.formats.parquet;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.HadoopFreeReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * Opens a local file with Apache Parquet's {@link ParquetFileReader}, without Hadoop: a {@link
 * FileChannelInputFile}, {@link PureJavaCodecs}, and read options built by {@link
 * HadoopFreeReadOptions}. Opening reads and parses the footer.
 */
final class ParquetFileOpener {

  private ParquetFileOpener() {}

  /**
   * @throws FileAccessException when the file cannot be read at all
   * @throws IOException or a {@link RuntimeException} when it is not a readable Parquet file
   */
  static ParquetFileReader open(Path path, boolean verifyChecksums) throws IOException {
    return new ParquetFileReader(
        new FileChannelInputFile(path),
        HadoopFreeReadOptions.create(new PureJavaCodecs(), verifyChecksums));
  }
}
