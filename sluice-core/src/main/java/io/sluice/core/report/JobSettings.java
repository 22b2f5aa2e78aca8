package io.sluice.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sluice.core.job.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A job's settings as the report shows them. A job file holds no secret (it names the variable or
 * file a password comes from), but a setting whose name speaks of a password or a secret and is not
 * such a name is hidden all the same, in case a future setting or a source's options carry one.
 */
public final class JobSettings {

  static final String HIDDEN = "(hidden)";

  /** The login part of a URL, {@code scheme://user:password@host}. */
  private static final Pattern URL_LOGIN = Pattern.compile("://[^/@\\s]+@");

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private JobSettings() {}

  public static JsonNode of(JobSpec job) {
    JsonNode tree;
    try {
      tree = JSON.valueToTree(job);
    } catch (IllegalArgumentException e) {
      ObjectNode name = JSON.createObjectNode();
      name.put("name", job.name());
      return name;
    }
    hideSecrets(tree);
    return tree;
  }

  static void hideSecrets(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        JsonNode value = object.get(name);
        if (secretName(name) && value.isValueNode() && !value.isNull()) {
          object.put(name, HIDDEN);
        } else if (value.isTextual()) {
          object.put(name, URL_LOGIN.matcher(value.asText()).replaceAll("://" + HIDDEN + "@"));
        } else {
          hideSecrets(value);
        }
      }
    } else if (node != null && node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        JsonNode item = node.get(i);
        if (item.isTextual()) {
          ((ArrayNode) node)
              .set(i, URL_LOGIN.matcher(item.asText()).replaceAll("://" + HIDDEN + "@"));
        } else {
          hideSecrets(item);
        }
      }
    }
  }

  /**
   * Whether a setting's name speaks of a secret: a password, secret, credential, token or key (not
   * {@code keyspace}, {@code token-range}), unless it names the variable or file that holds one.
   */
  static boolean secretName(String name) {
    String lower = name.toLowerCase(Locale.ROOT).replace("_", "-");
    if (lower.endsWith("env") || lower.endsWith("file")) {
      return false;
    }
    return lower.contains("password")
        || lower.contains("secret")
        || lower.contains("credential")
        || lower.endsWith("token")
        || lower.endsWith("api-key")
        || lower.endsWith("access-key")
        || lower.equals("key");
  }
}
