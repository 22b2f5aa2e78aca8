package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import org.junit.jupiter.api.Test;

/** The answer a client gets to a write sent to both clusters, for each pair of outcomes. */
class ClientAnswerTest {

  private final Message primaryOk = new Prepared(new byte[] {1}, null, null, null);
  private final Message secondaryOk = new Prepared(new byte[] {2}, null, null, null);
  private final Message primaryFailed =
      new Error(ProtocolConstants.ErrorCode.WRITE_TIMEOUT, "primary timed out");
  private final Message secondaryFailed =
      new Error(ProtocolConstants.ErrorCode.UNAVAILABLE, "secondary unavailable");

  @Test
  void bothSucceededGivesThePrimarysAnswer() {
    assertThat(DualWriter.clientAnswer(primaryOk, secondaryOk)).isSameAs(primaryOk);
  }

  @Test
  void aFailedPrimaryIsNeverHidden() {
    assertThat(DualWriter.clientAnswer(primaryFailed, secondaryOk)).isSameAs(primaryFailed);
    assertThat(DualWriter.clientAnswer(primaryFailed, secondaryFailed)).isSameAs(primaryFailed);
  }

  @Test
  void aSecondaryThatAloneFailedGivesItsErrorSoTheClientRetries() {
    assertThat(DualWriter.clientAnswer(primaryOk, secondaryFailed)).isSameAs(secondaryFailed);
  }
}
