package io.sluice.core.source;

/**
 * Where a record came from, precise enough for a person to find it again: the resource (a file
 * path, a table), the position inside it (a byte offset for binary files, a line number for text, a
 * row index for columnar files) and the record's own key when it is known.
 *
 * @param resource the file or table the record was read from
 * @param offset the record's position inside the resource; its unit is the source's
 * @param id the record's own identifier (for example a BSON {@code _id}), or {@code null}
 */
public record SourcePosition(String resource, long offset, String id) {

  public SourcePosition withId(String newId) {
    return new SourcePosition(resource, offset, newId);
  }

  @Override
  public String toString() {
    return resource + "@" + offset + (id == null ? "" : " (_id " + id + ")");
  }
}
