package io.sluice.proxy;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a CQL statement does, as far as the proxy must know to send it: to the primary alone, to
 * both clusters, or answered by the proxy itself. Read from the statement's first words, as a CQL
 * statement's kind is.
 */
enum StatementKind {
  /** Reads data: the primary answers. */
  READ,
  /** Changes data: both clusters, with one write timestamp. */
  WRITE,
  /**
   * Changes data under a condition (a lightweight transaction): the primary decides, and the
   * secondary gets the write only when the primary applied it.
   */
  CONDITIONAL_WRITE,
  /** Changes the schema or the roles: both clusters. */
  SCHEMA,
  /** {@code USE keyspace}: the proxy keeps the client's keyspace itself. */
  USE,
  /** Reads {@code system.local}: the primary's row, with the proxy's own address. */
  LOCAL_NODE,
  /** Reads {@code system.peers} or {@code peers_v2}: the proxy has no peers. */
  PEERS;

  private static final Pattern COMMENTS =
      Pattern.compile("(?s)\\A(\\s+|--[^\\n]*\\n?|//[^\\n]*\\n?|/\\*.*?\\*/)+");
  private static final Pattern FIRST_WORD = Pattern.compile("\\A([A-Za-z]+)");
  private static final Pattern SYSTEM_TABLE =
      Pattern.compile(
          "(?is)\\bFROM\\s+(\"?system\"?\\s*\\.\\s*)?\"?(local|peers|peers_v2)\"?(\\s|;|$)");
  private static final Pattern USE_KEYSPACE =
      Pattern.compile("(?is)\\A\\s*USE\\s+(\"((?:[^\"]|\"\")+)\"|([A-Za-z0-9_]+))\\s*;?\\s*\\z");

  /**
   * The kind of the statement.
   *
   * @param keyspace the client's keyspace, which unqualified table names are in
   */
  static StatementKind of(String cql, String keyspace) {
    String text = COMMENTS.matcher(cql).replaceFirst("");
    Matcher first = FIRST_WORD.matcher(text);
    String word = first.find() ? first.group(1).toUpperCase(Locale.ROOT) : "";
    return switch (word) {
      case "INSERT", "UPDATE", "DELETE", "BEGIN", "APPLY" ->
          CqlText.isConditional(text) ? CONDITIONAL_WRITE : WRITE;
      case "CREATE", "ALTER", "DROP", "TRUNCATE", "GRANT", "REVOKE" -> SCHEMA;
      case "USE" -> USE;
      case "SELECT" -> systemTable(text, keyspace);
      default -> READ;
    };
  }

  /** The kind as metrics label it, such as {@code conditional_write}. */
  final String label = name().toLowerCase(Locale.ROOT);

  /** Whether statements of this kind change data. */
  boolean writes() {
    return this == WRITE || this == CONDITIONAL_WRITE;
  }

  private static StatementKind systemTable(String select, String keyspace) {
    Matcher table = SYSTEM_TABLE.matcher(select);
    if (!table.find() || (table.group(1) == null && !"system".equals(keyspace))) {
      return READ;
    }
    return table.group(2).equalsIgnoreCase("local") ? LOCAL_NODE : PEERS;
  }

  /** The keyspace a {@code USE} statement names, as stored (case kept only where quoted). */
  static String keyspaceOfUse(String cql) {
    Matcher use = USE_KEYSPACE.matcher(COMMENTS.matcher(cql).replaceFirst(""));
    if (!use.find()) {
      return null;
    }
    return use.group(2) != null
        ? use.group(2).replace("\"\"", "\"")
        : use.group(3).toLowerCase(Locale.ROOT);
  }
}
