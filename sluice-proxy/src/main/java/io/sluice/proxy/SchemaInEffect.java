package io.sluice.proxy;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.response.Error;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a cluster's refusal of a replayed schema change says the change is in effect there
 * already: a {@code CREATE} of what exists, a {@code DROP} of what does not, an {@code ALTER} that
 * adds a column the table has or drops one it lacks. A schema change whose first send the proxy
 * stopped waiting for, but which the cluster made, is refused so when it is replayed.
 */
final class SchemaInEffect {

  private static final Pattern FIRST_WORD = Pattern.compile("\\A\\s*([A-Za-z]+)");
  private static final Pattern EXISTS = Pattern.compile("(?i)already exist");
  private static final Pattern GONE =
      Pattern.compile(
          "(?i)doesn't exist|does not exist|non[- ]existing|was not found|unconfigured");

  private SchemaInEffect() {}

  /** Whether {@code answer} to the schema change {@code write} says it is in effect already. */
  static boolean says(Message write, Message answer) {
    if (!(answer instanceof Error error) || !(write instanceof Query query)) {
      return false;
    }
    if (error.code == ProtocolConstants.ErrorCode.ALREADY_EXISTS) {
      return true;
    }
    if (error.code != ProtocolConstants.ErrorCode.INVALID
        && error.code != ProtocolConstants.ErrorCode.CONFIG_ERROR) {
      return false;
    }
    var first = FIRST_WORD.matcher(CqlText.codeOnly(query.query));
    String verb = first.find() ? first.group(1).toUpperCase(Locale.ROOT) : "";
    String message = String.valueOf(error.message);
    return switch (verb) {
      case "CREATE" -> EXISTS.matcher(message).find();
      case "DROP" -> GONE.matcher(message).find();
      case "ALTER" -> EXISTS.matcher(message).find() || message.contains("was not found");
      default -> false;
    };
  }
}
