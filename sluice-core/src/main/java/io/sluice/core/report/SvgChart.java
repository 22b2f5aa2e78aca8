package io.sluice.core.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart over time as inline SVG, drawn on the server so the report needs no script: one path
 * per series (a value below zero, meaning unknown, breaks its line), shaded bands behind them (such
 * as compaction pauses), and vertical marks (where each run began). A value that is not finite is
 * left out like an unknown one. Every element says what it shows in {@code data-} attributes, for
 * tests and for people reading the source.
 */
final class SvgChart {

  /** One line of the chart. */
  record Series(String name, String color, List<Point> points) {}

  /** A value at a time, in milliseconds since the epoch. */
  record Point(long at, double value) {}

  /** A span of time shaded behind the lines. */
  record Band(long from, long to, String label) {}

  /** A moment marked by a vertical line with a label. */
  record Mark(long at, String label) {}

  private static final int WIDTH = 880;
  private static final int HEIGHT = 200;
  private static final int LEFT = 64;
  private static final int RIGHT = 16;
  private static final int TOP = 12;
  private static final int BOTTOM = 28;
  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

  private final String id;
  private final String unit;
  private final List<Series> series = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();
  private final List<Mark> marks = new ArrayList<>();

  /**
   * @param id the chart's name in {@code data-chart}
   * @param unit what the values count, shown above the chart
   */
  SvgChart(String id, String unit) {
    this.id = id;
    this.unit = unit;
  }

  SvgChart series(String name, String color, List<Point> points) {
    series.add(new Series(name, color, points));
    return this;
  }

  SvgChart bands(List<Band> more) {
    bands.addAll(more);
    return this;
  }

  SvgChart marks(List<Mark> more) {
    marks.addAll(more);
    return this;
  }

  /** The chart as an {@code <svg>} element, with its legend above it. */
  String render() {
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    double top = 0;
    for (Series line : series) {
      for (Point point : line.points()) {
        from = Math.min(from, point.at());
        to = Math.max(to, point.at());
        if (Double.isFinite(point.value())) {
          top = Math.max(top, point.value());
        }
      }
    }
    StringBuilder svg = new StringBuilder();
    svg.append("<div class=\"legend\"><span class=\"unit\">")
        .append(Html.escape(unit))
        .append("</span>");
    for (Series line : series) {
      svg.append("<span><i style=\"background:")
          .append(line.color())
          .append("\"></i>")
          .append(Html.escape(line.name()))
          .append("</span>");
    }
    if (!bands.isEmpty()) {
      svg.append("<span><i class=\"band\"></i>")
          .append(Html.escape(bands.get(0).label()))
          .append("</span>");
    }
    svg.append("</div>");
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg class=\"chart\" data-chart=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\""
                + " role=\"img\" aria-label=\"%s\">",
            Html.escape(id),
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT,
            Html.escape(id)));
    if (from == Long.MAX_VALUE) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" class=\"empty\">no samples</text></svg>",
              WIDTH / 2 - 40,
              HEIGHT / 2));
      return svg.toString();
    }
    for (Mark mark : marks) {
      from = Math.min(from, mark.at());
    }
    to = Math.max(to, from + 1000);
    double scale = niceTop(top);
    Frame frame = new Frame(from, to, scale);
    for (Band band : bands) {
      double x0 = frame.x(Math.max(band.from(), from));
      double x1 = frame.x(Math.min(band.to(), to));
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"band\" data-band=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\"/>",
              Html.escape(band.label()),
              x0,
              TOP,
              Math.max(1, x1 - x0),
              HEIGHT - TOP - BOTTOM));
    }
    axes(svg, frame);
    for (Mark mark : marks) {
      double x = frame.x(mark.at());
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"mark\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>"
                  + "<text class=\"mark\" x=\"%.1f\" y=\"%d\">%s</text>",
              x,
              x,
              TOP,
              HEIGHT - BOTTOM,
              x + 3,
              HEIGHT - BOTTOM - 4,
              Html.escape(mark.label())));
    }
    for (Series line : series) {
      svg.append(path(line, frame));
    }
    svg.append("</svg>");
    return svg.toString();
  }

  private void axes(StringBuilder svg, Frame frame) {
    int bottom = HEIGHT - BOTTOM;
    for (int i = 0; i <= 4; i++) {
      double value = frame.top * i / 4;
      double y = frame.y(value);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
                  + "<text class=\"axis\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
              LEFT,
              WIDTH - RIGHT,
              y,
              y,
              LEFT - 6,
              y + 4,
              Html.number(value)));
    }
    for (int i = 0; i <= 4; i++) {
      long at = frame.from + (frame.to - frame.from) * i / 4;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"%s\">%s</text>",
              frame.x(at),
              bottom + 18,
              i == 0 ? "start" : i == 4 ? "end" : "middle",
              CLOCK.format(Instant.ofEpochMilli(at))));
    }
  }

  private static String path(Series line, Frame frame) {
    StringBuilder d = new StringBuilder();
    boolean drawing = false;
    int points = 0;
    for (Point point : line.points()) {
      if (point.value() < 0 || !Double.isFinite(point.value())) {
        drawing = false;
        continue;
      }
      d.append(drawing ? " L" : (d.length() == 0 ? "M" : " M"))
          .append(
              String.format(Locale.ROOT, "%.1f %.1f", frame.x(point.at()), frame.y(point.value())));
      drawing = true;
      points++;
    }
    return String.format(
        Locale.ROOT,
        "<path data-series=\"%s\" data-points=\"%d\" fill=\"none\" stroke=\"%s\""
            + " stroke-width=\"1.5\" d=\"%s\"/>",
        Html.escape(line.name()),
        points,
        line.color(),
        d);
  }

  /** The axis's top: the largest value rounded up to 1, 2 or 5 times a power of ten. */
  static double niceTop(double largest) {
    if (largest <= 0) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(largest)));
    for (double step : new double[] {1, 2, 5, 10}) {
      if (largest <= step * power) {
        return step * power;
      }
    }
    return 10 * power;
  }

  private record Frame(long from, long to, double top) {
    double x(long at) {
      return LEFT + (WIDTH - LEFT - RIGHT) * (at - from) / (double) (to - from);
    }

    double y(double value) {
      return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * Math.min(value, top) / top;
    }
  }
}
