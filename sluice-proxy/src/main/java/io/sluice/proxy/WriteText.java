package io.sluice.proxy;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Query;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A write as a person reads it: its statements with each bound value put in place of its marker, as
 * a CQL literal of the column's type where the table's schema says it ({@code UPDATE shop.visits
 * SET n = n + 3 WHERE page = 'home'}), as a blob where it does not. The key and the delta of a
 * counter update that cannot be replayed are read off it.
 */
final class WriteText {

  private static final Pattern COLUMN_BEFORE =
      Pattern.compile("(\"(?:[^\"]|\"\")+\"|[A-Za-z][A-Za-z0-9_]*)\\s*(?:[-+=<>]|<=|>=|!=)\\s*\\z");
  private static final Pattern INSERT_COLUMNS =
      Pattern.compile("(?is)\\A\\s*INSERT\\s+INTO\\s+[^(]*\\(([^)]*)\\)\\s*VALUES\\s*\\(");
  private static final Pattern USING_NUMBER = Pattern.compile("(?i)\\b(TTL|TIMESTAMP)\\s*\\z");

  private WriteText() {}

  /** The write's statements, each with its values in place. */
  static String of(Message write, String keyspace, ReplaySafety.ColumnTypes schema) {
    if (write instanceof Query query) {
      return statement(query.query, query.options.positionalValues, keyspace, schema);
    }
    Batch batch = (Batch) write;
    StringBuilder text = new StringBuilder("BEGIN BATCH ");
    for (int i = 0; i < batch.queriesOrIds.size(); i++) {
      Object statement = batch.queriesOrIds.get(i);
      text.append(
              statement instanceof String cql
                  ? statement(cql, batch.values.get(i), keyspace, schema)
                  : "(a prepared statement)")
          .append("; ");
    }
    return text.append("APPLY BATCH").toString();
  }

  /** One statement with its positional values in place of its {@code ?} markers. */
  static String statement(
      String cql, List<ByteBuffer> values, String keyspace, ReplaySafety.ColumnTypes schema) {
    if (values == null || values.isEmpty()) {
      return cql;
    }
    Function<String, DataType> table = ReplaySafety.tableOf(cql, keyspace, schema);
    String code = ReplaySafety.namesAndCode(cql);
    Matcher insert = INSERT_COLUMNS.matcher(code);
    List<String> inserted = new ArrayList<>();
    int valuesFrom = code.length();
    if (insert.find()) {
      for (String column : insert.group(1).split(",")) {
        inserted.add(column.trim());
      }
      valuesFrom = insert.end();
    }
    StringBuilder text = new StringBuilder(cql.length() + 16 * values.size());
    int marker = 0;
    int copied = 0;
    for (int i = 0; i < code.length() && marker < values.size(); i++) {
      if (code.charAt(i) != '?') {
        continue;
      }
      String column =
          i >= valuesFrom ? nth(inserted, valueIndex(code, valuesFrom, i)) : columnBefore(code, i);
      DataType type =
          USING_NUMBER.matcher(code.substring(0, i)).find()
              ? (code.substring(0, i).trim().toUpperCase(Locale.ROOT).endsWith("TTL")
                  ? DataTypes.INT
                  : DataTypes.BIGINT)
              : table.apply(column);
      text.append(cql, copied, i).append(literal(values.get(marker), type));
      copied = i + 1;
      marker++;
    }
    return text.append(cql.substring(copied)).toString();
  }

  /** The column named just before a marker ({@code c = ?}, {@code c = c + ?}), or null. */
  private static String columnBefore(String code, int marker) {
    Matcher named = COLUMN_BEFORE.matcher(code.substring(0, marker));
    return named.find() ? named.group(1) : null;
  }

  /** Which value of an {@code INSERT}'s list the position is in: commas at its own depth. */
  private static int valueIndex(String code, int from, int at) {
    int depth = 0;
    int index = 0;
    for (int i = from; i < at; i++) {
      char c = code.charAt(i);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        index++;
      }
    }
    return depth < 0 ? -1 : index;
  }

  private static String nth(List<String> columns, int index) {
    return index >= 0 && index < columns.size() ? columns.get(index) : null;
  }

  private static String literal(ByteBuffer value, DataType type) {
    if (value == null) {
      return "null";
    }
    if (type != null) {
      try {
        TypeCodec<Object> codec = CodecRegistry.DEFAULT.codecFor(type);
        return codec.format(codec.decode(value.duplicate(), ProtocolVersion.DEFAULT));
      } catch (RuntimeException e) {
        // Not a value of that type after all: shown as its bytes.
      }
    }
    StringBuilder hex = new StringBuilder("0x");
    ByteBuffer bytes = value.duplicate();
    while (bytes.hasRemaining()) {
      hex.append(String.format("%02x", bytes.get()));
    }
    return hex.toString();
  }
}
