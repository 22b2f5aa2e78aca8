package io.sluice.formats.bson;

import java.nio.file.Path;

/**
 * One file a {@link BsonDumpSource} reads.
 *
 * @param resource the file's path as the job named it (a folder's path joined with the file name
 *     for files found in a folder); used as {@code Split.resource} and {@code
 *     SourcePosition.resource}
 * @param path the file, resolved against the job's folder
 * @param collection the MongoDB collection the file holds: {@code collectionName} from its {@code
 *     <collection>.metadata.json} when present, else the file name without {@code .bson[.gz]} and
 *     with mongodump's percent-escapes decoded
 * @param gzipped whether the file is gzip-compressed ({@code .gz}); such files are one split each
 */
public record BsonDumpFile(String resource, Path path, String collection, boolean gzipped) {}
