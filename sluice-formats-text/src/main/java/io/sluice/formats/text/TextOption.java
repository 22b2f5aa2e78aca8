package io.sluice.formats.text;

/**
 * An option a text source accepts under {@code options:} in a job file: its name, its default and
 * its help text. Each format declares its options once, in an enum implementing this ({@link
 * CsvSourceOption}, {@link NdjsonSourceOption}).
 */
public interface TextOption {

  /** The option's name in a job file. */
  String key();

  /** The default, as a job file would spell it, or {@code null} when there is none. */
  String defaultValue();

  /** One paragraph of help. */
  String description();
}
