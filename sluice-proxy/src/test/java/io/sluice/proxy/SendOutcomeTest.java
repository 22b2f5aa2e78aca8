package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.ProtocolConstants.ErrorCode;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.result.Void;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class SendOutcomeTest {

  @Test
  void onlyAnAnswerThatSaysTheWriteDidNotRunMakesItSafeToSendAgain() {
    assertThat(SendOutcome.of(Void.INSTANCE, null)).isEqualTo(SendOutcome.APPLIED);
    assertThat(SendOutcome.of(new Error(ErrorCode.UNAVAILABLE, "down"), null))
        .isEqualTo(SendOutcome.NOT_APPLIED);
    assertThat(SendOutcome.of(new Error(ErrorCode.OVERLOADED, "busy"), null))
        .isEqualTo(SendOutcome.NOT_APPLIED);
    assertThat(SendOutcome.of(new Error(ErrorCode.WRITE_TIMEOUT, "late"), null))
        .isEqualTo(SendOutcome.UNKNOWN);
    assertThat(SendOutcome.of(new Error(ErrorCode.SERVER_ERROR, "?"), null))
        .isEqualTo(SendOutcome.UNKNOWN);
    assertThat(SendOutcome.of(null, new Backend.NoNodeAnswers("no node is available", false)))
        .isEqualTo(SendOutcome.NOT_APPLIED);
    assertThat(
            SendOutcome.of(
                null, new CompletionException(new Backend.NoNodeAnswers("no answer in 3 s", true))))
        .isEqualTo(SendOutcome.UNKNOWN);
    assertThat(SendOutcome.of(null, new TimeoutException())).isEqualTo(SendOutcome.UNKNOWN);
    assertThat(SendOutcome.of(null, new IOException("connection reset")))
        .isEqualTo(SendOutcome.UNKNOWN);
  }
}
