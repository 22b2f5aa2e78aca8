package io.sluice.formats.parquet;

import java.util.ArrayList;
import java.util.List;

/** One-line descriptions of why Apache Parquet could not decode something, for reject reasons. */
final class Failures {

  private static final int MAX_LENGTH = 300;

  private Failures() {}

  /**
   * A failure that says nothing of itself: inside Apache Parquet, a bare {@code
   * NullPointerException}, index error or end of file means the bytes it decoded were not what
   * their metadata promised.
   */
  private static String unexplained(Throwable failure) {
    if (failure instanceof java.io.EOFException) {
      return "its data ends early (the file is cut short, or its metadata is wrong)";
    }
    return "its data is damaged (the Parquet reader failed on it with "
        + failure.getClass().getSimpleName()
        + ")";
  }

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
              ? unexplained(t)
              : message.strip().replaceAll("\\s+", " ");
      if (messages.stream().noneMatch(earlier -> earlier.contains(text))) {
        messages.add(text);
      }
    }
    String text = String.join(": ", messages);
    return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 3) + "...";
  }
}
