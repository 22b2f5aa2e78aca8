package io.sluice.core.run;

import java.util.function.Consumer;

/** Closes every one of several resources, even when an earlier one fails to close. */
public final class CloseAll {

  private CloseAll() {}

  /**
   * Closes each of {@code resources} with {@code close}; the first failure is thrown once all have
   * been tried, with the later ones suppressed in it.
   */
  public static <T> void of(Iterable<T> resources, Consumer<? super T> close) {
    RuntimeException first = null;
    for (T resource : resources) {
      try {
        close.accept(resource);
      } catch (RuntimeException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
