package io.sluice.core.schema;

import java.util.Locale;
import java.util.regex.Pattern;

/** Quoting of CQL identifiers: names that are not plain lower-case words need double quotes. */
public final class CqlIdentifiers {

  private static final Pattern PLAIN = Pattern.compile("[a-z][a-z0-9_]*");

  private CqlIdentifiers() {}

  public static String quoteIfNeeded(String name) {
    if (PLAIN.matcher(name).matches() && !ReservedWords.contains(name)) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /**
   * Turns a source field name such as {@code firstName} or {@code first-name} into a column name.
   */
  public static String toColumnName(String fieldName) {
    StringBuilder out = new StringBuilder();
    char previous = 0;
    for (char c : fieldName.toCharArray()) {
      if (Character.isUpperCase(c) && Character.isLowerCase(previous)) {
        out.append('_');
      }
      out.append(Character.isLetterOrDigit(c) ? Character.toLowerCase(c) : '_');
      previous = c;
    }
    String name = out.toString().replaceAll("_+", "_").replaceAll("^_|_$", "");
    if (name.isEmpty() || !Character.isLetter(name.charAt(0))) {
      name = "f_" + name;
    }
    return name.toLowerCase(Locale.ROOT);
  }

  /**
   * The words Cassandra 5.0 refuses as a name unless it is quoted: its reserved keywords, and the
   * literals {@code true} and {@code false}, which its lexer reads as values. Its other keywords
   * ({@code date}, {@code key}, {@code users}...) are taken as names as they are. A test asks the
   * Cassandra the build fetches which of its grammar's keywords it refuses, and checks that each is
   * here.
   */
  private static final class ReservedWords {
    private static final java.util.Set<String> WORDS =
        java.util.Set.of(
            "add",
            "allow",
            "alter",
            "and",
            "apply",
            "asc",
            "authorize",
            "batch",
            "begin",
            "by",
            "columnfamily",
            "create",
            "delete",
            "desc",
            "describe",
            "drop",
            "entries",
            "execute",
            "false",
            "from",
            "full",
            "grant",
            "if",
            "in",
            "index",
            "infinity",
            "insert",
            "into",
            "is",
            "keyspace",
            "limit",
            "materialized",
            "modify",
            "nan",
            "norecursive",
            "not",
            "null",
            "of",
            "on",
            "or",
            "order",
            "primary",
            "rename",
            "replace",
            "revoke",
            "schema",
            "select",
            "set",
            "table",
            "to",
            "token",
            "true",
            "truncate",
            "unlogged",
            "update",
            "use",
            "using",
            "view",
            "where",
            "with");

    static boolean contains(String word) {
      return WORDS.contains(word);
    }
  }
}
