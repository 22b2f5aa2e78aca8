package io.sluice.core.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Says in one sentence what Jackson found wrong in a job file, in the file's own terms: the setting
 * (by its path of keys), what it must be and what it holds. Jackson's own messages name Java
 * classes and parser tokens, which mean nothing to the person who wrote the file.
 */
final class JobFileErrors {

  private static final Pattern TOKEN = Pattern.compile("JsonToken\\.([A-Z_]+)");

  private JobFileErrors() {}

  static String describe(JsonProcessingException e) {
    if (e instanceof ValueInstantiationException && e.getCause() != null) {
      // A setting's own check refused its value: its message is the sentence.
      String path = pathOf((JsonMappingException) e);
      return (path.isEmpty() ? "" : "in '" + path + "': ") + e.getCause().getMessage();
    }
    if (e instanceof InvalidFormatException invalid) {
      return settingOf(invalid)
          + "must be "
          + kindOf(invalid.getTargetType())
          + ", not '"
          + invalid.getValue()
          + "'";
    }
    if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
      return settingOf(mismatched)
          + "must be "
          + kindOf(mismatched.getTargetType())
          + foundOf(mismatched);
    }
    if (e instanceof JsonMappingException mapping
        && mapping.getCause() instanceof IllegalArgumentException cause
        && cause.getMessage() != null) {
      return settingOf(mapping) + cause.getMessage();
    }
    return e.getOriginalMessage();
  }

  /** {@code "'flow.workers' "}, or {@code "the job file "} at its top. */
  private static String settingOf(JsonMappingException e) {
    String path = pathOf(e);
    return path.isEmpty() ? "the job file " : "'" + path + "' ";
  }

  /**
   * The keys that lead to the problem, such as {@code flow.workers}; list positions are left out,
   * as the line number shows them.
   */
  private static String pathOf(JsonMappingException e) {
    return e.getPath().stream()
        .map(JsonMappingException.Reference::getFieldName)
        .filter(name -> name != null)
        .collect(Collectors.joining("."));
  }

  private static String kindOf(Class<?> type) {
    if (type == String.class || type == Path.class) {
      return "text";
    }
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number";
    }
    if (type == Double.class || type == double.class) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == ErrorThreshold.class) {
      return "a count or a share of the records read, such as 100 or 1%";
    }
    if (type == Instant.class) {
      return "a time such as 2024-05-01T00:00:00Z";
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    if (Map.class.isAssignableFrom(type) || type.isRecord()) {
      return "a section of 'key: value' settings";
    }
    return "a " + type.getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase();
  }

  /**
   * What the setting held instead, from the token Jackson names in its message (the parser itself
   * is closed by the time the exception is seen).
   */
  private static String foundOf(MismatchedInputException e) {
    Matcher token = TOKEN.matcher(String.valueOf(e.getOriginalMessage()));
    if (!token.find()) {
      return "";
    }
    JsonToken found;
    try {
      found = JsonToken.valueOf(token.group(1));
    } catch (IllegalArgumentException unknownToken) {
      return "";
    }
    return switch (found) {
      case START_ARRAY -> ", not a list";
      case START_OBJECT -> ", not a section of settings";
      case VALUE_STRING -> ", not text";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> ", not a number";
      case VALUE_TRUE, VALUE_FALSE -> ", not true or false";
      case VALUE_NULL -> ", not empty";
      default -> "";
    };
  }
}
