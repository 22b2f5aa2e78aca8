package io.sluice.core.mapping;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A mapping's {@code filter:} list, compiled: a record passes when it meets every condition. A path
 * that goes into a value that is not a document or array counts as missing.
 */
final class RecordFilter {

  private final List<Condition> conditions;

  private RecordFilter(List<Condition> conditions) {
    this.conditions = conditions;
  }

  private record Condition(FieldPath path, Test test) {}

  @FunctionalInterface
  private interface Test {
    boolean test(Object value);
  }

  /**
   * Compiles the conditions.
   *
   * @throws MappingException naming the condition (by its position, from 1) that is malformed
   */
  static RecordFilter compile(List<FilterSpec> specs) {
    List<Condition> conditions = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      FilterSpec spec = specs.get(i);
      String name = "Filter condition " + (i + 1);
      if (spec == null || spec.field() == null) {
        throw new MappingException(name + " needs a 'field'.");
      }
      FieldPath path;
      try {
        path = FieldPath.parse(spec.field());
      } catch (IllegalArgumentException e) {
        throw new MappingException(name + ": " + e.getMessage() + ".");
      }
      int tests =
          (spec.equalTo() != null ? 1 : 0)
              + (spec.notEqualTo() != null ? 1 : 0)
              + (spec.in() != null ? 1 : 0)
              + (spec.exists() != null ? 1 : 0);
      if (tests != 1) {
        throw new MappingException(
            name
                + " on '"
                + spec.field()
                + "' needs exactly one of equals, not-equals, in or"
                + " exists.");
      }
      conditions.add(new Condition(path, test(spec)));
    }
    return new RecordFilter(List.copyOf(conditions));
  }

  private static Test test(FilterSpec spec) {
    if (spec.equalTo() != null) {
      Object expected = spec.equalTo();
      return value -> matches(value, expected);
    }
    if (spec.notEqualTo() != null) {
      Object expected = spec.notEqualTo();
      return value -> !matches(value, expected);
    }
    if (spec.in() != null) {
      List<Object> expected = spec.in();
      return value -> expected.stream().anyMatch(e -> matches(value, e));
    }
    boolean exists = spec.exists();
    return value -> (value != null) == exists;
  }

  /** Whether the record meets every condition. */
  boolean test(Map<String, Object> fields) {
    for (Condition condition : conditions) {
      Object value;
      try {
        value = condition.path().resolve(fields, null);
      } catch (ConversionException e) {
        value = null;
      }
      if (!condition.test().test(value)) {
        return false;
      }
    }
    return true;
  }

  /** Equality as the filter documents it: numbers by value, strings against text forms. */
  static boolean matches(Object actual, Object expected) {
    if (actual == null || expected == null) {
      return actual == expected;
    }
    if (actual instanceof Number a && expected instanceof Number e) {
      BigDecimal left = finite(a);
      BigDecimal right = finite(e);
      if (left == null || right == null) {
        return Double.compare(a.doubleValue(), e.doubleValue()) == 0;
      }
      return left.compareTo(right) == 0;
    }
    if (expected instanceof String text) {
      return text.equals(TextConversions.textOf(actual));
    }
    return Objects.equals(actual, expected);
  }

  private static BigDecimal finite(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal;
    }
    if (number instanceof Double || number instanceof Float) {
      double d = number.doubleValue();
      return Double.isNaN(d) || Double.isInfinite(d) ? null : BigDecimal.valueOf(d);
    }
    if (number instanceof java.math.BigInteger big) {
      return new BigDecimal(big);
    }
    return BigDecimal.valueOf(number.longValue());
  }
}
