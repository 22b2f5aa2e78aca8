package io.sluice.core.flow;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wait a throttled service asks for in its overload message: Cosmos DB for Apache Cassandra
 * answers with {@code RetryAfterMs=NNN} in the text of an overloaded error.
 */
public final class RetryHint {

  private static final Pattern RETRY_AFTER =
      Pattern.compile("RetryAfterMs\\s*=\\s*(\\d{1,9})", Pattern.CASE_INSENSITIVE);

  private RetryHint() {}

  public static Optional<Duration> parse(String message) {
    if (message == null) {
      return Optional.empty();
    }
    Matcher matcher = RETRY_AFTER.matcher(message);
    return matcher.find()
        ? Optional.of(Duration.ofMillis(Long.parseLong(matcher.group(1))))
        : Optional.empty();
  }
}
