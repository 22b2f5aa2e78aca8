package io.sluice.proxy;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * The names of the native protocol's opcodes and error codes, as the codec's constants spell them
 * ({@code QUERY}, {@code WRITE_TIMEOUT}); a code the codec does not name is shown in hexadecimal.
 * Metrics label requests and answers with them.
 */
final class ProtocolNames {

  private static final Map<Integer, String> OPCODES = namesOf(ProtocolConstants.Opcode.class);
  private static final Map<Integer, String> ERROR_CODES =
      namesOf(ProtocolConstants.ErrorCode.class);

  private ProtocolNames() {}

  /** A request's or response's opcode, such as {@code QUERY}. */
  static String opcode(int code) {
    return OPCODES.getOrDefault(code, "0x" + Integer.toHexString(code));
  }

  /** An error's code, such as {@code WRITE_TIMEOUT}. */
  static String errorCode(int code) {
    return ERROR_CODES.getOrDefault(code, "0x" + Integer.toHexString(code));
  }

  private static Map<Integer, String> namesOf(Class<?> constants) {
    Map<Integer, String> names = new HashMap<>();
    for (Field field : constants.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
        try {
          names.put(field.getInt(null), field.getName());
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return Map.copyOf(names);
  }
}
