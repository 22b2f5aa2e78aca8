package io.sluice.cassandra.doctor;

import java.util.Locale;

/**
 * One line of {@code sluice doctor}: a check's verdict, what it found, and how to fix it.
 *
 * @param level OK, WARN or FAIL
 * @param check the check's short name, such as {@code nodes} or {@code replication}
 * @param found what the check found, one sentence
 * @param fix what to do about it, one sentence, or empty for OK
 */
public record Finding(Level level, String check, String found, String fix) {

  /** How bad a finding is. */
  public enum Level {
    /** Nothing to do. */
    OK,
    /** The load will run, but slower, less safely, or with work left for later. */
    WARN,
    /** The load would fail or lose data: a migration stops here unless forced. */
    FAIL
  }

  static Finding ok(String check, String found) {
    return new Finding(Level.OK, check, found, "");
  }

  static Finding warn(String check, String found, String fix) {
    return new Finding(Level.WARN, check, found, fix);
  }

  static Finding fail(String check, String found, String fix) {
    return new Finding(Level.FAIL, check, found, fix);
  }

  /** The finding as the console prints it: {@code WARN compaction ... Fix: ...}. */
  public String line() {
    String text = String.format(Locale.ROOT, "%-5s %-12s %s", level, check, found);
    return fix.isEmpty() ? text : text + " Fix: " + fix;
  }
}
