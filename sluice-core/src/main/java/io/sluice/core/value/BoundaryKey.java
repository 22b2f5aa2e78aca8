package io.sluice.core.value;

/** BSON's MinKey and MaxKey: values that compare below and above every other value. */
public enum BoundaryKey {
  MIN_KEY,
  MAX_KEY;

  @Override
  public String toString() {
    return this == MIN_KEY ? "minKey" : "maxKey";
  }
}
