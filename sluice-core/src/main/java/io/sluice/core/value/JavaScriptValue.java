package io.sluice.core.value;

import java.util.Map;

/** BSON JavaScript code, with its scope document when it has one ({@code null} otherwise). */
public record JavaScriptValue(String code, Map<String, Object> scope) {

  @Override
  public String toString() {
    return code;
  }
}
