package io.sluice.proxy;

import io.sluice.core.job.DurationText;
import io.sluice.core.job.Setting;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code replay-log:} in {@code proxy.yaml}: with {@code secondary-failure: log}, the writes the
 * cluster that does not serve reads missed are kept on disk, in {@code state-dir/replay}, and sent
 * to it again once it answers.
 */
public record ReplayLogSpec(
    @Setting(
            "The most the log holds on disk, such as `1GiB` or `512MiB`; past it, missed writes"
                + " are counted and logged as lost instead.")
        String maxSize,
    @Setting("The most writes replayed a second.") Integer rate,
    @Setting(
            "How long a write waits for the cluster that does not serve reads before it is"
                + " logged and the client answered with the serving cluster's answer.")
        String timeout,
    @Setting(
            "The same for a schema change, which a cluster takes longer to make (it writes its"
                + " schema tables and waits for its nodes to agree); a schema change that answers"
                + " later is in effect, and its replay counts as done.")
        String schemaTimeout) {

  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*(b|kib|mib|gib|tib)?", Pattern.CASE_INSENSITIVE);

  public ReplayLogSpec {
    maxSize = maxSize == null ? "1GiB" : maxSize;
    rate = rate == null ? 2000 : rate;
    timeout = timeout == null ? "1s" : timeout;
    schemaTimeout = schemaTimeout == null ? "10s" : schemaTimeout;
  }

  /** The defaults. */
  static ReplayLogSpec defaults() {
    return new ReplayLogSpec(null, null, null, null);
  }

  /** {@code max-size} in bytes, or -1 when it is not a size. */
  long maxSizeBytes() {
    Matcher matcher = SIZE.matcher(maxSize.trim());
    if (!matcher.matches()) {
      return -1;
    }
    String unit = matcher.group(2) == null ? "b" : matcher.group(2).toLowerCase(Locale.ROOT);
    int shift =
        switch (unit) {
          case "kib" -> 10;
          case "mib" -> 20;
          case "gib" -> 30;
          case "tib" -> 40;
          default -> 0;
        };
    try {
      return Math.multiplyExact(Long.parseLong(matcher.group(1)), 1L << shift);
    } catch (ArithmeticException | NumberFormatException e) {
      return -1;
    }
  }

  /** {@code timeout} as a duration. */
  Duration timeoutDuration() {
    return DurationText.parse(timeout, "replay-log.timeout");
  }

  /** {@code schema-timeout} as a duration. */
  Duration schemaTimeoutDuration() {
    return DurationText.parse(schemaTimeout, "replay-log.schema-timeout");
  }

  /** The problem with the settings, one sentence, or null. */
  String problem() {
    if (maxSizeBytes() < (1 << 20)) {
      return "'replay-log.max-size' must be a size of at least 1MiB, such as 512MiB or 4GiB, not '"
          + maxSize
          + "'.";
    }
    if (rate < 1) {
      return "'replay-log.rate' must be at least 1 (writes replayed a second).";
    }
    timeoutDuration();
    schemaTimeoutDuration();
    return null;
  }
}
