package org.apache.parquet;

import java.util.Map;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;

/**
 * Builds {@link ParquetReadOptions} without loading Hadoop. Sluice's one class in Apache Parquet's
 * package, because it must call a package-private constructor: {@link
 * ParquetReadOptions#builder(org.apache.parquet.conf.ParquetConfiguration)} calls {@code
 * ParquetInputFormat.getFilter}, and {@code ParquetInputFormat} extends Hadoop's {@code
 * FileInputFormat}, so the public builder cannot run without {@code hadoop-mapreduce-client-core}
 * and {@code hadoop-common} (apache/parquet-java#3780). Delete this class once a release carries
 * that fix and build the options with the public builder.
 *
 * <p>The options read every row group in full, with no filtering of any kind, on heap buffers.
 */
public final class HadoopFreeReadOptions {

  private static final int MAX_ALLOCATION_BYTES = 8 << 20;

  private HadoopFreeReadOptions() {}

  /**
   * Options that decompress with {@code codecs} and check page CRCs when asked.
   *
   * @param codecs decompresses pages; must not need Hadoop
   * @param verifyChecksums whether pages with a CRC have it checked
   */
  public static ParquetReadOptions create(CompressionCodecFactory codecs, boolean verifyChecksums) {
    return new ParquetReadOptions(
        false, // useSignedStringMinMax
        false, // useStatsFilter
        false, // useDictionaryFilter
        false, // useRecordFilter
        false, // useColumnIndexFilter
        verifyChecksums,
        false, // useBloomFilter
        false, // useOffHeapDecryptBuffer
        false, // useHadoopVectoredIo
        FilterCompat.NOOP,
        ParquetMetadataConverter.NO_FILTER,
        codecs,
        new HeapByteBufferAllocator(),
        MAX_ALLOCATION_BYTES,
        Map.of(),
        null, // fileDecryptionProperties: encrypted files are not supported
        null, // metricsCallback
        new PlainParquetConfiguration());
  }
}
