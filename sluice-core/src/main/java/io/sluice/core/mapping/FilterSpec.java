package io.sluice.core.mapping;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.sluice.core.job.Setting;
import java.util.List;

/**
 * One condition of a mapping's {@code filter:} list: a {@code field} path and exactly one test.
 * Filters see the record, never an exploded element.
 *
 * <p>Comparisons: numbers compare by value whatever their width ({@code 5} equals {@code 5.0}); a
 * string compares with a value's text form, so an ObjectId, UUID or date can be matched by writing
 * it as text; booleans compare with booleans. A missing field equals nothing.
 */
public record FilterSpec(
    @Setting(value = "The path of the field tested.", example = "status") String field,
    @Setting("The field must equal this value.") @JsonProperty("equals") Object equalTo,
    @Setting("The field must be missing or differ from this value.") @JsonProperty("not-equals")
        Object notEqualTo,
    @Setting("The field must equal one of these values.") List<Object> in,
    @Setting("`true`: the field must be present and not null; `false`: missing or null.")
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
