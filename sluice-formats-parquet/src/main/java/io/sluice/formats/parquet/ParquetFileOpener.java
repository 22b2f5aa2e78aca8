package io.sluice.formats.parquet;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.HadoopFreeReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Opens a local file with Apache Parquet's {@link ParquetFileReader}, without Hadoop: a {@link
 * FileChannelInputFile}, {@link PureJavaCodecs}, and read options built by {@link
 * HadoopFreeReadOptions}. Opening reads and parses the footer, with {@link FooterReader}.
 */
final class ParquetFileOpener {

  /**
   * The reader's constructor that takes a footer already read. It is called through a handle
   * because it has a same-arity overload taking a Hadoop Configuration, which javac cannot resolve
   * without Hadoop on the class path.
   */
  private static final MethodHandle READER_OF_FOOTER;

  static {
    try {
      READER_OF_FOOTER =
          MethodHandles.publicLookup()
              .findConstructor(
                  ParquetFileReader.class,
                  MethodType.methodType(
                      void.class,
                      InputFile.class,
                      ParquetMetadata.class,
                      ParquetReadOptions.class,
                      SeekableInputStream.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private ParquetFileOpener() {}

  /**
   * @throws FileAccessException when the file cannot be read at all
   * @throws IOException or a {@link RuntimeException} when it is not a readable Parquet file
   */
  static ParquetFileReader open(Path path, boolean verifyChecksums) throws IOException {
    return open(path, verifyChecksums, columns -> {});
  }

  /**
   * Opens the file, and gives {@code unknownLogicalTypes} the names of the columns whose logical
   * type is read as their physical type, when there are any.
   */
  static ParquetFileReader open(
      Path path, boolean verifyChecksums, Consumer<List<String>> unknownLogicalTypes)
      throws IOException {
    FileChannelInputFile file = new FileChannelInputFile(path);
    ParquetReadOptions options =
        HadoopFreeReadOptions.create(new PureJavaCodecs(), verifyChecksums);
    SeekableInputStream in = file.newStream();
    try {
      FooterReader.Footer footer = FooterReader.read(in, file.getLength());
      if (!footer.unknownLogicalTypes().isEmpty()) {
        unknownLogicalTypes.accept(footer.unknownLogicalTypes());
      }
      return (ParquetFileReader) READER_OF_FOOTER.invoke(file, footer.metadata(), options, in);
    } catch (IOException | RuntimeException | Error e) {
      in.close();
      throw e;
    } catch (Throwable e) {
      in.close();
      throw new IllegalStateException(e);
    }
  }
}
