package io.sluice.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sluice.core.job.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A job's settings as the report shows them. A job file holds no secret (it names the variable or
 * file a password comes from), but a setting whose name speaks of a password or a secret and is not
 * such a name is hidden all the same, in case a future setting or a source's options carry one.
 */
public final class JobSettings {

  static final String HIDDEN = "(hidden)";

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
        if (secretName(name) && object.get(name).isValueNode() && !object.get(name).isNull()) {
          object.put(name, HIDDEN);
        } else {
          hideSecrets(object.get(name));
        }
      }
    } else if (node != null && node.isArray()) {
      node.forEach(JobSettings::hideSecrets);
    }
  }

  private static boolean secretName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    boolean speaksOfSecret = lower.contains("password") || lower.contains("secret");
    return speaksOfSecret && !lower.endsWith("env") && !lower.endsWith("file");
  }
}
