package io.sluice.core.mapping;

/**
 * A mapping that cannot work against its table, found when it is compiled: an unknown column, a bad
 * field path, an impossible type. The message is one sentence naming the column.
 */
public class MappingException extends IllegalArgumentException {

  public MappingException(String message) {
    super(message);
  }
}
