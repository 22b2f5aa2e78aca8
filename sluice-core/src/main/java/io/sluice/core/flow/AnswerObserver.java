package io.sluice.core.flow;

/**
 * Told of every answer the target gives a run's requests, with its latency: what a metrics registry
 * counts. Called on driver threads, so it must be quick and never block.
 */
@FunctionalInterface
public interface AnswerObserver {

  /** Observes nothing. */
  AnswerObserver NONE = (answer, latencyNanos) -> {};

  /** What the target answered. */
  enum Answer {
    /** The request succeeded. */
    OK("ok"),
    /** The target refused the request as overloaded. */
    OVERLOADED("overloaded"),
    /** The request timed out, or found too few replicas alive. */
    TIMED_OUT_OR_UNAVAILABLE("timed_out_or_unavailable");

    private final String label;

    Answer(String label) {
      this.label = label;
    }

    /** The answer's name in metrics. */
    public String label() {
      return label;
    }
  }

  void answered(Answer answer, long latencyNanos);
}
