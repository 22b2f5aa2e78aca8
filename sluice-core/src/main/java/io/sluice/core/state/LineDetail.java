package io.sluice.core.state;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * What a line of the reject file says beyond where and why, such as a validation's finding: the
 * fields it adds to its JSON line. Written between the line's {@code stage} and {@code reason}.
 */
public interface LineDetail {

  /** Writes this detail's fields into the JSON object of the line being written. */
  void writeFields(JsonGenerator json) throws IOException;
}
