package io.sluice.formats.parquet;

/**
 * What the converters of one row group share: where they report a row's problems, and how to read
 * BINARY columns without a logical type.
 */
record DecodeOptions(RowProblems problems, boolean binaryAsString) {}
