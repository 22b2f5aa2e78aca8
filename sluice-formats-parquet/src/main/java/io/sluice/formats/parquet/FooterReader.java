package io.sluice.formats.parquet;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads a file's footer the way Apache Parquet's {@code ParquetFileReader} does, with one
 * difference: a column annotated with a logical type this version of Parquet does not know (one a
 * newer writer added) keeps its physical type, as the format says a reader should, instead of
 * making the whole file unreadable. Parquet's own conversion fails on such a column with a bare
 * {@code NullPointerException}.
 */
final class FooterReader {

  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);
  private static final int TRAILER_LENGTH = Integer.BYTES + MAGIC.length;

  /**
   * @param metadata the footer, as Apache Parquet's reader takes it
   * @param unknownLogicalTypes the columns whose logical type was left out, by name
   */
  record Footer(ParquetMetadata metadata, List<String> unknownLogicalTypes) {}

  private FooterReader() {}

  /**
   * @throws IOException when the file is not a Parquet file or its footer cannot be parsed
   */
  static Footer read(SeekableInputStream in, long fileLength) throws IOException {
    if (fileLength < MAGIC.length + TRAILER_LENGTH) {
      throw new IOException("not a Parquet file: it is only " + fileLength + " bytes long");
    }
    long trailerStart = fileLength - TRAILER_LENGTH;
    byte[] trailer = new byte[TRAILER_LENGTH];
    in.seek(trailerStart);
    in.readFully(trailer);
    byte[] magic = Arrays.copyOfRange(trailer, Integer.BYTES, TRAILER_LENGTH);
    if (Arrays.equals(magic, ENCRYPTED_MAGIC)) {
      throw new IOException("its footer is encrypted, and Sluice reads no encrypted Parquet file");
    }
    if (!Arrays.equals(magic, MAGIC)) {
      throw new IOException(
          "not a Parquet file: it does not end with the magic number PAR1 but with "
              + Arrays.toString(magic));
    }
    long footerLength =
        Integer.toUnsignedLong(ByteBuffer.wrap(trailer).order(ByteOrder.LITTLE_ENDIAN).getInt());
    long footerStart = trailerStart - footerLength;
    if (footerStart < MAGIC.length || footerStart >= trailerStart) {
      throw new IOException(
          "its footer length ("
              + footerLength
              + " bytes) does not fit in the file ("
              + fileLength
              + " bytes)");
    }
    byte[] footer = new byte[(int) footerLength];
    in.seek(footerStart);
    in.readFully(footer);

    // The options Sluice reads with are the converter's defaults; its constructor that takes them
    // has an overload taking a Hadoop Configuration, which javac cannot resolve without Hadoop.
    ParquetMetadataConverter converter = new ParquetMetadataConverter();
    FileMetaData parsed = Util.readFileMetaData(new ByteArrayInputStream(footer));
    List<String> unknown = dropUnknownLogicalTypes(parsed);
    if (!unknown.isEmpty()) {
      ByteArrayOutputStream rewritten = new ByteArrayOutputStream(footer.length);
      Util.writeFileMetaData(parsed, rewritten);
      footer = rewritten.toByteArray();
    }
    ParquetMetadata metadata =
        converter.readParquetMetadata(
            new ByteArrayInputStream(footer), ParquetMetadataConverter.NO_FILTER);
    return new Footer(metadata, List.copyOf(unknown));
  }

  /**
   * Clears every logical type annotation whose kind thrift could not read (an unknown union member
   * leaves the union empty) and returns the names of the columns it held. A converted type, when
   * the writer set one too, stays and applies.
   */
  private static List<String> dropUnknownLogicalTypes(FileMetaData metadata) {
    List<String> names = new ArrayList<>();
    for (SchemaElement element : metadata.getSchema()) {
      if (element.isSetLogicalType() && element.getLogicalType().getSetField() == null) {
        element.unsetLogicalType();
        names.add(element.getName());
      }
    }
    return names;
  }
}
