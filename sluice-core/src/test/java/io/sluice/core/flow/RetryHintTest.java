package io.sluice.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryHintTest {

  @Test
  void should_read_cosmos_retry_after() {
    String message =
        "Queried host (10.0.0.1:10350) was overloaded: Request rate is large: ActivityID=abc,"
            + " RetryAfterMs=500, Additional details='Response status code does not indicate"
            + " success: TooManyRequests (429)'";

    assertThat(RetryHint.parse(message)).contains(Duration.ofMillis(500));
  }

  @Test
  void should_find_nothing_in_a_plain_overload() {
    assertThat(RetryHint.parse("Request breached global limit of 2000 requests/second")).isEmpty();
    assertThat(RetryHint.parse(null)).isEmpty();
  }
}
