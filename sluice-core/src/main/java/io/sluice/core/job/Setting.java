package io.sluice.core.job;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The help of one setting of a job file or {@code proxy.yaml}: a component of a settings record
 * (its kebab-case name is the key). The record is the one declaration of the setting: its compact
 * constructor gives the default and checks the value, and the settings reference ({@code
 * docs/settings.md}) is generated from the record, this annotation and that default.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Setting {

  /** One paragraph of help: what the setting does, its unit, the values it takes. */
  String value();

  /**
   * The default as the reference shows it, for a default the record computes from where it runs
   * (such as the number of processors); empty to show the default the record gives.
   */
  String shownDefault() default "";

  /**
   * For a setting that has no default and must be given: a value the reference shows as an example,
   * and builds the record with to read the other settings' defaults.
   */
  String example() default "";
}
