package io.sluice.core.validate;

import io.sluice.core.schema.ColumnSchema;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.schema.TableSchema;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A row's primary key as CQL literals, one per key column in key order: how a difference names its
 * row ({@code id='p0042', seq=3}), and, encoded to bytes, what the search for extra rows sorts. The
 * same values always give the same literals ({@link CqlLiterals}), whether they come from the
 * mapper or are read back from the target, so both sides sort and compare alike.
 *
 * @param columns the key columns' names, in key order
 * @param literals each key column's value as a CQL literal
 */
public record PrimaryKey(List<String> columns, List<String> literals) {

  public PrimaryKey {
    columns = List.copyOf(columns);
    literals = List.copyOf(literals);
  }

  /** The key of a row given as column name to value, in the mapper's Java forms. */
  public static PrimaryKey of(Map<String, Object> row, TableSchema table) {
    List<String> columns = new ArrayList<>();
    List<String> literals = new ArrayList<>();
    for (ColumnSchema column : table.primaryKey()) {
      columns.add(column.name());
      literals.add(CqlLiterals.of(row.get(column.name()), column.type()));
    }
    return new PrimaryKey(columns, literals);
  }

  /**
   * The literals as bytes: each one's UTF-8 length (4 bytes) and then its UTF-8 bytes. Any order of
   * these bytes serves to sort keys, as long as both sides use the same.
   */
  public byte[] encode() {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16 * literals.size());
    for (String literal : literals) {
      byte[] utf8 = literal.getBytes(StandardCharsets.UTF_8);
      out.writeBytes(ByteBuffer.allocate(4).putInt(utf8.length).array());
      out.writeBytes(utf8);
    }
    return out.toByteArray();
  }

  /** The key {@link #encode} gave, for a table whose key columns are {@code columns}. */
  public static PrimaryKey decode(byte[] encoded, List<String> columns) {
    ByteBuffer in = ByteBuffer.wrap(encoded);
    List<String> literals = new ArrayList<>(columns.size());
    while (in.hasRemaining()) {
      byte[] utf8 = new byte[in.getInt()];
      in.get(utf8);
      literals.add(new String(utf8, StandardCharsets.UTF_8));
    }
    return new PrimaryKey(columns, literals);
  }

  /** The condition selecting this row: {@code id = 'p0042' AND seq = 3}. */
  public String whereClause() {
    return join(" = ", " AND ", true);
  }

  /** The key as a report shows it: {@code id='p0042', seq=3}. */
  @Override
  public String toString() {
    return join("=", ", ", false);
  }

  private String join(String equals, String separator, boolean quoteNames) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < columns.size(); i++) {
      String name = columns.get(i);
      text.append(i == 0 ? "" : separator)
          .append(quoteNames ? CqlIdentifiers.quoteIfNeeded(name) : name)
          .append(equals)
          .append(literals.get(i));
    }
    return text.toString();
  }
}
