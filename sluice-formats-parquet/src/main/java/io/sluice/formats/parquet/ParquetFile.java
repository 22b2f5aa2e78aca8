package io.sluice.formats.parquet;

import java.nio.file.Path;

/**
 * One file a {@code parquet} source reads.
 *
 * @param resource the file's name in splits, positions and rejects: the path as the job gave it (a
 *     folder's files as {@code folder/name})
 * @param path where it is, resolved against the job file's folder
 */
public record ParquetFile(String resource, Path path) {}
