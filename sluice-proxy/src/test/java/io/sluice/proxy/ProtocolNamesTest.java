package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import org.junit.jupiter.api.Test;

/** The names metrics label requests and errors with, as they were before the codec named them. */
class ProtocolNamesTest {

  @Test
  void should_name_every_opcode_and_error_code_as_the_protocol_does() {
    assertThat(ProtocolNames.opcode(ProtocolConstants.Opcode.QUERY)).isEqualTo("QUERY");
    assertThat(ProtocolNames.opcode(ProtocolConstants.Opcode.AUTH_RESPONSE))
        .isEqualTo("AUTH_RESPONSE");
    assertThat(ProtocolNames.errorCode(ProtocolConstants.ErrorCode.WRITE_TIMEOUT))
        .isEqualTo("WRITE_TIMEOUT");
    assertThat(ProtocolNames.errorCode(ProtocolConstants.ErrorCode.SERVER_ERROR))
        .isEqualTo("SERVER_ERROR");
    assertThat(ProtocolNames.errorCode(ProtocolConstants.ErrorCode.UNPREPARED))
        .isEqualTo("UNPREPARED");
  }

  @Test
  void should_show_a_code_it_does_not_know_in_hexadecimal() {
    assertThat(ProtocolNames.opcode(0x7f)).isEqualTo("0x7f");
    assertThat(ProtocolNames.errorCode(0x1234)).isEqualTo("0x1234");
  }
}
