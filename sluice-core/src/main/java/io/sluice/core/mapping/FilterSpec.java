package io.sluice.core.mapping;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One condition of a mapping's {@code filter:} list: a {@code field} path and exactly one test.
 * Filters see the record, never an exploded element.
 *
 * <p>Comparisons: numbers compare by value whatever their width ({@code 5} equals {@code 5.0}); a
 * string compares with a value's text form, so an ObjectId, UUID or date can be matched by writing
 * it as text; booleans compare with booleans. A missing field equals nothing.
 *
 * @param field the path of the field tested
 * @param equalTo ({@code equals}) the field must equal this value
 * @param notEqualTo ({@code not-equals}) the field must be missing or differ from this value
 * @param in the field must equal one of these values
 * @param exists {@code true}: the field must be present and not null; {@code false}: missing or
 *     null
 */
public record FilterSpec(
    String field,
    @JsonProperty("equals") Object equalTo,
    @JsonProperty("not-equals") Object notEqualTo,
    List<Object> in,
    Boolean exists) {

  public FilterSpec {
    in = in == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(in));
  }

  public static FilterSpec equalTo(String field, Object value) {
    return new FilterSpec(field, value, null, null, null);
  }

  public static FilterSpec exists(String field, boolean exists) {
    return new FilterSpec(field, null, null, null, exists);
  }
}
