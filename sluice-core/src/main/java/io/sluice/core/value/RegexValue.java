package io.sluice.core.value;

/** A BSON regular expression: its pattern and its option letters. */
public record RegexValue(String pattern, String options) {

  @Override
  public String toString() {
    return "/" + pattern + "/" + options;
  }
}
