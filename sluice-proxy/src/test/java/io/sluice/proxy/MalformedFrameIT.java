package io.sluice.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.SecondCluster;
import io.sluice.testinfra.TestKeyspace;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's first frame that the proxy cannot read is answered with a protocol error that says
 * what is wrong with it, then the connection is closed: a version the proxy does not speak is named
 * so (a driver then tries an older one), a frame of a version it speaks with a length it cannot
 * take is named so.
 */
@RealCassandra
class MalformedFrameIT {

  @TempDir Path dir;

  @Test
  void aFirstFrameThatCannotBeReadIsAnsweredWithWhatIsWrong(
      TestKeyspace primary, SecondCluster secondary) throws Exception {
    try (SluiceProxy proxy = SluiceProxy.start(ProxyConfigs.of(primary, secondary), dir)) {
      // Version 5, stream 1, OPTIONS, a body length of 2 GiB - 1.
      String tooLong =
          answerTo(proxy, new byte[] {5, 0, 0, 1, 5, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff});
      assertThat(tooLong).startsWith("Invalid frame of protocol v5: ").contains("length");
      // Version 66, as DSE drivers start with.
      String newer = answerTo(proxy, new byte[] {66, 0, 0, 1, 5, 0, 0, 0, 0});
      assertThat(newer).contains("Invalid or unsupported protocol version (v66)");
    }
  }

  /** The message of the error the proxy answers to {@code frame}. */
  private static String answerTo(SluiceProxy proxy, byte[] frame) throws Exception {
    try (Socket socket = new Socket(proxy.address().getAddress(), proxy.address().getPort())) {
      socket.setSoTimeout(60_000);
      OutputStream out = socket.getOutputStream();
      out.write(frame);
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      byte[] header = new byte[9];
      in.readFully(header);
      assertThat(header[4]).as("an ERROR frame").isEqualTo((byte) 0);
      int code = in.readInt();
      assertThat(code).as("PROTOCOL_ERROR").isEqualTo(0x000A);
      byte[] message = new byte[in.readUnsignedShort()];
      in.readFully(message);
      return new String(message, StandardCharsets.UTF_8);
    }
  }
}
