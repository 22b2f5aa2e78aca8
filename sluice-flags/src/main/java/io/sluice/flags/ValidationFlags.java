package io.sluice.flags;

import io.sluice.core.validate.ValidationSpec;
import io.sluice.core.validate.ValidationSpec.RepairTimestamp;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** What {@code validate} checks and repairs, on one machine and on Spark alike: a mixin. */
public final class ValidationFlags {

  @Option(
      names = "--sample",
      paramLabel = "PERCENT",
      description =
          "Check only this share of the records, such as 10 or 0.5; the same records every run.")
  Double sample;

  @Option(names = "--repair", description = "Rewrite missing and mismatched rows from the source.")
  boolean repair;

  @Option(
      names = "--repair-timestamp",
      paramLabel = "source|now",
      description =
          "Timestamp of rewritten rows: 'source' (default) never overwrites a newer write, but cannot"
              + " undo a deletion or change at or after it; 'now' makes the source win over"
              + " everything, deletions included: only once the application no longer writes.")
  String repairTimestamp;

  @Option(
      names = "--extra",
      description =
          "Also find rows in the target that no source record gives (not with --sample; on Spark,"
              + " only where every source is a table whose key the mapping keeps).")
  boolean extra;

  @Option(
      names = "--delete-extra",
      description = "Delete the extra rows found, at the current time (needs --extra).")
  boolean deleteExtra;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The validation these flags ask for; a usage error names the flag that is wrong. */
  public ValidationSpec spec() {
    if (repairTimestamp != null && !repair) {
      throw usage("--repair-timestamp needs --repair.");
    }
    try {
      return new ValidationSpec(
          sample == null ? 100 : sample, repair, repairTimestamp(), extra, deleteExtra);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private RepairTimestamp repairTimestamp() {
    if (repairTimestamp == null) {
      return RepairTimestamp.SOURCE;
    }
    return switch (repairTimestamp.toLowerCase(Locale.ROOT)) {
      case "source" -> RepairTimestamp.SOURCE;
      case "now" -> RepairTimestamp.NOW;
      default ->
          throw usage(
              "--repair-timestamp must be 'source' or 'now', not '" + repairTimestamp + "'.");
    };
  }

  private ParameterException usage(String message) {
    return new ParameterException(command.commandLine(), message);
  }
}
