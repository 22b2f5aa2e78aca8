/**
 * Reads CSV and NDJSON files (plain, gzip or zstd) as Sluice {@link io.sluice.core.source.Source}s
 * of type {@code csv} and {@code ndjson}, in splits aligned to record boundaries.
 *
 * <p>Public API: the providers {@link io.sluice.formats.text.CsvSourceProvider} and {@link
 * io.sluice.formats.text.NdjsonSourceProvider} (discovered through {@code META-INF/services}), the
 * sources {@link io.sluice.formats.text.CsvSource} and {@link io.sluice.formats.text.NdjsonSource},
 * their options {@link io.sluice.formats.text.CsvSourceOptions} and {@link
 * io.sluice.formats.text.NdjsonSourceOptions}, and {@link io.sluice.formats.text.JsonValueDecoder},
 * which decodes JSON and MongoDB Extended JSON into Sluice's value model on its own. Everything
 * else is internal.
 *
 * <p>How it reads: {@code RecordFramer} cuts the bytes into records without decoding characters (so
 * offsets are exact in any supported encoding); {@code TextSplitReader} positions it for a split; a
 * format's {@code RecordDecoder} turns each record into fields (Commons CSV for CSV fields, Jackson
 * for JSON).
 *
 * <p>Depends on sluice-core, Apache Commons CSV, Jackson and aircompressor only: no driver, no
 * Cassandra, no CLI, no other source module.
 */
package io.sluice.formats.text;
