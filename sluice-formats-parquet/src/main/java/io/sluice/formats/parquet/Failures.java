package io.sluice.formats.parquet;

import java.util.ArrayList;
import java.util.List;

/** One-line descriptions of why Apache Parquet could not decode something, for reject reasons. */
final class Failures {

  private static final int MAX_LENGTH = 300;

  private Failures() {}

  /**
   * The messages of {@code failure} and its causes, joined with ": ", leaving out those an earlier
   * one already quotes.
   */
  static String describe(Throwable failure) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = failure; t != null && messages.size() < 4; t = t.getCause()) {
      String message = t.getMessage();
      String text =
          message == null || message.isBlank()
              ? t.getClass().getSimpleName()
              : message.strip().replaceAll("\\s+", " ");
      if (messages.stream().noneMatch(earlier -> earlier.contains(text))) {
        messages.add(text);
      }
    }
    String text = String.join(": ", messages);
    return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 3) + "...";
  }
}
