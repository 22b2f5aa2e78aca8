/**
 * Reads Parquet files as a Sluice {@link io.sluice.core.source.Source} of type {@code parquet}, one
 * split per row group, with Apache Parquet's own Java reader and without Hadoop.
 *
 * <p>Public API: {@link io.sluice.formats.parquet.ParquetSourceProvider} (discovered through {@code
 * META-INF/services}), {@link io.sluice.formats.parquet.ParquetSource}, its options {@link
 * io.sluice.formats.parquet.ParquetSourceOptions}, and {@link
 * io.sluice.formats.parquet.ParquetFile}. Everything else is internal; the type table is in the
 * module README.
 *
 * <p>Depends on sluice-core, Apache Parquet ({@code parquet-hadoop}, {@code parquet-column}) and
 * aircompressor only: no Hadoop, no Cassandra driver, no CLI, no other source.
 */
package io.sluice.formats.parquet;
