package io.sluice.core.job;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.util.Locale;

/**
 * Reads a true-or-false setting that also takes {@code yes}/{@code no} and {@code on}/{@code off},
 * in any case, as the file formats' options always have: put it on the setting's component with
 * {@code @JsonDeserialize(using = YesNoDeserializer.class)}. Any other value is refused as not true
 * or false, naming the setting.
 */
public final class YesNoDeserializer extends StdScalarDeserializer<Boolean> {

  private static final long serialVersionUID = 1L;

  public YesNoDeserializer() {
    super(Boolean.class);
  }

  @Override
  public Boolean deserialize(JsonParser parser, DeserializationContext context) throws IOException {
    JsonToken token = parser.currentToken();
    if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
      return token == JsonToken.VALUE_TRUE;
    }
    if (token != JsonToken.VALUE_STRING) {
      return (Boolean) context.handleUnexpectedToken(Boolean.class, parser);
    }
    String text = parser.getText();
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default ->
          (Boolean)
              context.handleWeirdStringValue(
                  Boolean.class, text, "only true, yes, on, false, no and off are read");
    };
  }
}
