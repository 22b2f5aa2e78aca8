package io.sluice.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * A running proxy's {@code GET /status} answer, as the lines {@code sluice proxy status} prints.
 */
final class ProxyStatusText {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ProxyStatusText() {}

  /** The lines for a status answer. */
  static String of(String body) throws JsonProcessingException {
    JsonNode status = JSON.readTree(body);
    StringBuilder text = new StringBuilder();
    text.append("Reads served by: ").append(status.path("serving-reads").asText()).append('\n');
    for (String cluster : new String[] {"primary", "secondary"}) {
      JsonNode nodes = status.path("clusters").path(cluster);
      int up = nodes.path("nodes-up").asInt();
      int known = nodes.path("nodes-known").asInt();
      text.append(String.format(Locale.ROOT, "%-10s ", cluster + ":"))
          .append(
              known == 0
                  ? "not connected"
                  : up + " of " + known + " nodes up" + (up < known ? "  <-- DOWN NODES" : ""))
          .append('\n');
    }
    JsonNode replay = status.path("replay-log");
    if (replay.isMissingNode()) {
      text.append(
          "Replay log: none (secondary-failure: strict; a write either cluster fails fails the"
              + " client's)\n");
    } else {
      long backlog = replay.path("backlog-writes").asLong();
      text.append("Replay log: ")
          .append(backlog)
          .append(" writes waiting (")
          .append(mebibytes(replay.path("backlog-bytes").asLong()))
          .append(")");
      if (!replay.path("oldest-write").isNull() && backlog > 0) {
        text.append(", oldest from ").append(replay.path("oldest-write").asText());
      }
      text.append("; ")
          .append(replay.path("logged").asLong())
          .append(" kept, ")
          .append(replay.path("replayed").asLong())
          .append(" replayed, ")
          .append(replay.path("refused").asLong())
          .append(" refused on replay, ")
          .append(replay.path("lost").asLong())
          .append(" lost (log full) since the proxy started\n");
      if (replay.path("lost").asLong() > 0) {
        text.append("  LOST writes were made between ")
            .append(replay.path("lost-from").asText())
            .append(" and ")
            .append(replay.path("lost-until").asText())
            .append(": run `sluice validate --repair` over that time.\n");
      }
      long uncertain = replay.path("uncertain").asLong();
      if (uncertain > 0) {
        text.append("  UNCERTAIN: ")
            .append(uncertain)
            .append(
                " writes timed out on the cluster that missed them, may or may not have been"
                    + " applied there, and would add twice if replayed (counter updates, list"
                    + " appends): they were not replayed. Check their rows on both clusters; all"
                    + " are in ")
            .append(replay.path("uncertain-file").asText())
            .append('\n');
        for (JsonNode write : replay.path("uncertain-writes")) {
          text.append("    ")
              .append(write.path("made-at").asText())
              .append(" for the ")
              .append(write.path("cluster").asText())
              .append(": ")
              .append(write.path("write").asText())
              .append('\n');
        }
      }
    }
    JsonNode shadows = status.path("shadow-reads");
    if (shadows.size() == 0) {
      text.append("Shadow reads: no rows compared since the proxy started\n");
    } else {
      text.append(
          String.format(
              Locale.ROOT,
              "Shadow reads since the proxy started:%n  %-32s %10s %10s %10s %10s %10s %9s%n",
              "table",
              "rows",
              "equal",
              "different",
              "missing",
              "extra",
              "mismatch"));
      for (Iterator<Map.Entry<String, JsonNode>> it = shadows.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> table = it.next();
        JsonNode rows = table.getValue();
        text.append(
            String.format(
                Locale.ROOT,
                "  %-32s %10d %10d %10d %10d %10d %8.3f%%%n",
                table.getKey(),
                rows.path("rows").asLong(),
                rows.path("equal").asLong(),
                rows.path("different").asLong(),
                rows.path("missing_on_secondary").asLong(),
                rows.path("extra_on_secondary").asLong(),
                100 * rows.path("mismatch-rate").asDouble()));
      }
    }
    return text.toString();
  }

  /** The error sentence of a refused admin request. */
  static String errorOf(HttpResponse<String> response) {
    try {
      JsonNode error = JSON.readTree(response.body()).path("error");
      if (error.isTextual()) {
        return error.asText();
      }
    } catch (JsonProcessingException e) {
      // Not the proxy's JSON: shown as it came.
    }
    return "the proxy answered " + response.statusCode() + ": " + response.body();
  }

  private static String mebibytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }
}
