package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a write may be applied twice with the same end as once. With its explicit write
 * timestamp, almost every write may: a second application writes the same cells at the same time.
 * Not so an increment, whose second application adds again: a counter update ({@code c = c + 1}),
 * or an element added to a list ({@code l = l + [x]}, {@code l = [x] + l}), whose elements are
 * named by the time of their addition. Adding to a set or a map is repeatable, as its elements are
 * named by themselves; where the table's schema does not say which type a column is, the write
 * counts as not repeatable.
 */
final class ReplaySafety {

  private static final String NAME = "(?:\"(?:[^\"]|\"\")+\"|[A-Za-z][A-Za-z0-9_]*)";
  private static final Pattern UPDATE =
      Pattern.compile(
          "(?is)\\A\\s*UPDATE\\s+(?:(" + NAME + ")\\s*\\.\\s*)?(" + NAME + ")(.*?)\\bSET\\b(.*)");
  private static final Pattern INCREMENT =
      Pattern.compile(
          "(?s)("
              + NAME
              + ")\\s*=\\s*(?:("
              + NAME
              + ")\\s*[-+]|(?:\\?|\\[[^\\]]*\\])\\s*\\+\\s*("
              + NAME
              + ")(?![A-Za-z0-9_\"]))");

  private static final Pattern WHERE = Pattern.compile("(?i)\\bWHERE\\b");
  private static final Pattern TABLE =
      Pattern.compile(
          "(?is)\\A\\s*(?:UPDATE|INSERT\\s+INTO|DELETE\\b.*?\\bFROM)\\s+(?:("
              + NAME
              + ")\\s*\\.\\s*)?("
              + NAME
              + ")");

  private ReplaySafety() {}

  /** A cluster's column types by keyspace, table and column; null where it has none. */
  @FunctionalInterface
  interface ColumnTypes {
    DataType typeOf(CqlIdentifier keyspace, CqlIdentifier table, CqlIdentifier column);

    /** The column types of a cluster's schema as its driver session knows it. */
    static ColumnTypes of(Metadata schema) {
      return (keyspace, table, column) ->
          schema
              .getKeyspace(keyspace)
              .flatMap(ks -> ks.getTable(table))
              .flatMap(t -> t.getColumn(column))
              .map(ColumnMetadata::getType)
              .orElse(null);
    }
  }

  /** Whether {@code write}, run in {@code keyspace}, may be applied twice with the same end. */
  static boolean repeatable(Message write, String keyspace, ColumnTypes schema) {
    if (write instanceof Batch batch) {
      if (batch.type == ProtocolConstants.BatchType.COUNTER) {
        return false;
      }
      for (Object statement : batch.queriesOrIds) {
        if (!(statement instanceof String text) || !repeatable(text, keyspace, schema)) {
          return false;
        }
      }
      return true;
    }
    return write instanceof Query query && repeatable(query.query, keyspace, schema);
  }

  /** Whether one statement's text may be applied twice with the same end. */
  static boolean repeatable(String cql, String keyspace, ColumnTypes schema) {
    List<String> increments = incremented(cql);
    if (increments.isEmpty()) {
      return true;
    }
    Function<String, DataType> table = tableOf(cql, keyspace, schema);
    for (String column : increments) {
      DataType type = table.apply(column);
      if (!(type instanceof SetType) && !(type instanceof MapType)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The columns an {@code UPDATE} adds to or takes from, as written ({@code c = c + ?}, {@code c =
   * c - 1}, {@code l = [1] + l}); none for any other statement.
   */
  static List<String> incremented(String cql) {
    Matcher update = UPDATE.matcher(namesAndCode(cql));
    List<String> columns = new ArrayList<>();
    if (!update.find()) {
      return columns;
    }
    Matcher increment = INCREMENT.matcher(setClause(update.group(4)));
    while (increment.find()) {
      String target = increment.group(1);
      String operand = increment.group(2) != null ? increment.group(2) : increment.group(3);
      if (CqlIdentifier.fromCql(target).equals(CqlIdentifier.fromCql(operand))) {
        columns.add(target);
      }
    }
    return columns;
  }

  /** The {@code SET} clause, up to its {@code WHERE}. */
  private static String setClause(String afterSet) {
    Matcher where = WHERE.matcher(afterSet);
    return where.find() ? afterSet.substring(0, where.start()) : afterSet;
  }

  /**
   * The statement with its string literals and comments blanked out (so that nothing in them reads
   * as code), its quoted names kept.
   */
  static String namesAndCode(String cql) {
    StringBuilder code = new StringBuilder(cql.length());
    int i = 0;
    while (i < cql.length()) {
      int end = CqlText.endOfQuoted(cql, i);
      if (end == i) {
        code.append(cql.charAt(i++));
      } else {
        code.append(cql.charAt(i) == '"' ? cql.substring(i, end) : " ".repeat(end - i));
        i = end;
      }
    }
    return code.toString();
  }

  /**
   * The types of the columns of the table a write names, by column name as written; null for a
   * column the schema does not have, and for every column of a statement that names no table.
   */
  static Function<String, DataType> tableOf(String cql, String keyspace, ColumnTypes schema) {
    Matcher write = TABLE.matcher(namesAndCode(cql));
    if (!write.find() || write.group(1) == null && keyspace == null) {
      return column -> null;
    }
    CqlIdentifier in =
        write.group(1) != null
            ? CqlIdentifier.fromCql(write.group(1))
            : CqlIdentifier.fromInternal(keyspace);
    CqlIdentifier table = CqlIdentifier.fromCql(write.group(2));
    return column ->
        column == null ? null : schema.typeOf(in, table, CqlIdentifier.fromCql(column));
  }
}
