package io.sluice.core.source;

/**
 * A record that could not be decoded. The reader has skipped past it (or reached the end of the
 * split) and can continue.
 *
 * @param position where the damaged record starts, with its id when it could be read
 * @param reason one sentence saying what is wrong, without record data beyond the id
 * @param sizeBytes how many bytes were skipped
 */
public record MalformedRecord(SourcePosition position, String reason, long sizeBytes)
    implements SourceItem {}
