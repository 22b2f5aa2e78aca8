package io.sluice.core.timeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A timeline as JSON lines, one sample a line, as {@code timeline.jsonl} keeps it. */
public final class TimelineLines {

  private static final Logger LOG = LoggerFactory.getLogger(TimelineLines.class);

  private static final ObjectMapper JSON =
      new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE);

  private TimelineLines() {}

  /** One sample as a line, with its line end. */
  public static byte[] line(TimelineSample sample) {
    try {
      return (JSON.writeValueAsString(sample) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every sample, one a line. */
  public static byte[] lines(List<TimelineSample> samples) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (TimelineSample sample : samples) {
      out.writeBytes(line(sample));
    }
    return out.toByteArray();
  }

  /**
   * The samples of saved lines. A line that cannot be read (the last one, cut short by a kill) is
   * left out: a timeline is a picture of the run, not its record of progress.
   */
  public static List<TimelineSample> parse(byte[] content) {
    List<TimelineSample> samples = new ArrayList<>();
    String text = new String(content, StandardCharsets.UTF_8);
    int skipped = 0;
    for (String line : text.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      try {
        samples.add(JSON.readValue(line, TimelineSample.class));
      } catch (IOException e) {
        skipped++;
      }
    }
    if (skipped > 0) {
      LOG.debug("Left out {} unreadable timeline line(s)", skipped);
    }
    return samples;
  }
}
