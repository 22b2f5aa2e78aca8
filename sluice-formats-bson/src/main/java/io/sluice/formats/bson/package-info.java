/**
 * Reads mongodump output ({@code .bson} and {@code .bson.gz} files, or a dump folder) as a Sluice
 * {@link io.sluice.core.source.Source} of type {@code bson}.
 *
 * <p>Public API: {@link io.sluice.formats.bson.BsonSourceProvider} (discovered through {@code
 * META-INF/services}), {@link io.sluice.formats.bson.BsonDumpSource}, its options {@link
 * io.sluice.formats.bson.BsonSourceOptions}, the decoder {@link
 * io.sluice.formats.bson.BsonDocumentDecoder} whose javadoc holds the BSON type table, and {@link
 * io.sluice.formats.bson.BsonDumpWriter} for demos and fixtures. Everything else is internal.
 *
 * <p>Depends on sluice-core and MongoDB's {@code org.mongodb:bson} library only: no MongoDB driver,
 * no Cassandra, no CLI.
 */
package io.sluice.formats.bson;
