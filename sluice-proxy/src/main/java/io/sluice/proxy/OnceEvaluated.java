package io.sluice.proxy;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calls in a write whose value each node would compute for itself ({@code now()}, {@code uuid()},
 * {@code currentTimestamp()} and their kin): the proxy computes each value once and sends the same
 * to both clusters. A simple statement gets the values as literals; a prepared statement gets a
 * bind marker in place of each call, which the proxy fills on every execution and hides from the
 * client. Both carry a type cast, so a call inside a function ({@code toTimestamp(now())}) stays
 * unambiguous.
 */
final class OnceEvaluated {

  /** A function whose value depends on where and when it is computed. */
  enum Function {
    TIME_UUID("timeuuid"),
    RANDOM_UUID("uuid"),
    TIMESTAMP("timestamp"),
    DATE("date"),
    TIME("time");

    final String type;

    Function(String type) {
      this.type = type;
    }

    /** A fresh value, as the cluster would have computed it. */
    ByteBuffer value() {
      ProtocolVersion version = ProtocolVersion.DEFAULT;
      return switch (this) {
        case TIME_UUID -> TypeCodecs.TIMEUUID.encode(Uuids.timeBased(), version);
        case RANDOM_UUID -> TypeCodecs.UUID.encode(UUID.randomUUID(), version);
        case TIMESTAMP -> TypeCodecs.TIMESTAMP.encode(Instant.now(), version);
        case DATE -> TypeCodecs.DATE.encode(LocalDate.now(ZoneOffset.UTC), version);
        case TIME -> TypeCodecs.TIME.encode(LocalTime.now(ZoneOffset.UTC), version);
      };
    }

    /** A fresh value as a CQL literal with its type cast. */
    String literal() {
      String value =
          switch (this) {
            case TIME_UUID -> Uuids.timeBased().toString();
            case RANDOM_UUID -> UUID.randomUUID().toString();
            case TIMESTAMP -> Long.toString(System.currentTimeMillis());
            case DATE -> "'" + LocalDate.now(ZoneOffset.UTC) + "'";
            case TIME -> "'" + LocalTime.now(ZoneOffset.UTC) + "'";
          };
      return "(" + type + ")" + value;
    }
  }

  private static final Map<String, Function> FUNCTIONS =
      Map.of(
          "now", Function.TIME_UUID,
          "currenttimeuuid", Function.TIME_UUID,
          "uuid", Function.RANDOM_UUID,
          "currenttimestamp", Function.TIMESTAMP,
          "currentdate", Function.DATE,
          "currenttime", Function.TIME);

  private static final Pattern CALL =
      Pattern.compile(
          "(?i)(now|currenttimeuuid|uuid|currenttimestamp|currentdate|currenttime)\\s*\\(\\s*\\)");
  private static final Pattern NAMED_MARKER = Pattern.compile(":[A-Za-z_][A-Za-z0-9_]*");

  /**
   * A statement with its calls replaced.
   *
   * @param text the statement as the clusters get it
   * @param markers for each bind marker of {@code text} in order, the function it stands for, or
   *     null where it is one of the client's own
   * @param named whether the statement's markers are named ({@code :name}) rather than {@code ?}
   */
  record Rewritten(String text, List<Function> markers, boolean named) {

    /** Whether there was a call to replace. */
    boolean changed() {
      return markers.stream().anyMatch(m -> m != null);
    }

    /** The client's values with a fresh value at each replaced call's marker. */
    List<ByteBuffer> withValues(List<ByteBuffer> clientValues) {
      List<ByteBuffer> values = new ArrayList<>(markers.size());
      int client = 0;
      for (Function function : markers) {
        if (function != null) {
          values.add(function.value());
        } else if (client < clientValues.size()) {
          values.add(clientValues.get(client++));
        }
      }
      return values;
    }

    /** The client's named values with a fresh value under each replaced call's marker name. */
    Map<String, ByteBuffer> withNamedValues(Map<String, ByteBuffer> clientValues) {
      Map<String, ByteBuffer> values = new java.util.LinkedHashMap<>(clientValues);
      for (int i = 0; i < markers.size(); i++) {
        if (markers.get(i) != null) {
          values.put(markerName(i), markers.get(i).value());
        }
      }
      return values;
    }
  }

  private OnceEvaluated() {}

  /** The statement with each call replaced by its value as a literal. */
  static String withLiterals(String cql) {
    StringBuilder out = new StringBuilder(cql.length());
    scan(cql, out, (function, markerIndex) -> function.literal(), null);
    return out.toString();
  }

  /** The statement with each call replaced by a bind marker of its own. */
  static Rewritten withMarkers(String cql) {
    boolean named = hasNamedMarker(cql);
    List<Function> markers = new ArrayList<>();
    StringBuilder out = new StringBuilder(cql.length());
    scan(
        cql,
        out,
        (function, markerIndex) -> {
          String marker = named ? ":" + markerName(markerIndex) : "?";
          return "(" + function.type + ")" + marker;
        },
        markers);
    return new Rewritten(out.toString(), Collections.unmodifiableList(markers), named);
  }

  private static String markerName(int index) {
    return "sluice_once_" + index;
  }

  private interface Replacement {
    String of(Function function, int markerIndex);
  }

  /**
   * Copies the statement to {@code out}, replacing calls outside string literals, quoted names and
   * comments, and noting in {@code markers} (when given) each bind marker met and each call
   * replaced, in order.
   */
  private static void scan(
      String cql, StringBuilder out, Replacement replace, List<Function> markers) {
    Matcher call = CALL.matcher(cql);
    Matcher named = NAMED_MARKER.matcher(cql);
    int i = 0;
    int n = cql.length();
    while (i < n) {
      char c = cql.charAt(i);
      int end = CqlText.endOfQuoted(cql, i);
      if (end > i) {
        out.append(cql, i, end);
        i = end;
      } else if (c == '?') {
        if (markers != null) {
          markers.add(null);
        }
        out.append(c);
        i++;
      } else if (c == ':' && named.region(i, n).lookingAt()) {
        if (markers != null) {
          markers.add(null);
        }
        out.append(cql, i, named.end());
        i = named.end();
      } else if (Character.isLetter(c)
          && (i == 0 || !isNamePart(cql.charAt(i - 1)))
          && call.region(i, n).lookingAt()) {
        Function function = FUNCTIONS.get(call.group(1).toLowerCase(Locale.ROOT));
        int markerIndex = markers == null ? -1 : markers.size();
        if (markers != null) {
          markers.add(function);
        }
        out.append(replace.of(function, markerIndex));
        i = call.end();
      } else {
        out.append(c);
        i++;
      }
    }
  }

  private static boolean isNamePart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '.';
  }

  private static boolean hasNamedMarker(String cql) {
    Matcher named = NAMED_MARKER.matcher(cql);
    int i = 0;
    while (i < cql.length()) {
      int end = CqlText.endOfQuoted(cql, i);
      if (end > i) {
        i = end;
      } else if (cql.charAt(i) == ':' && named.region(i, cql.length()).lookingAt()) {
        return true;
      } else {
        i++;
      }
    }
    return false;
  }
}
