package io.sluice.proxy;

import com.datastax.oss.driver.internal.core.protocol.FrameDecodingException;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.AuthResponse;
import com.datastax.oss.protocol.internal.request.Options;
import com.datastax.oss.protocol.internal.request.Register;
import com.datastax.oss.protocol.internal.request.Startup;
import com.datastax.oss.protocol.internal.response.AuthSuccess;
import com.datastax.oss.protocol.internal.response.Authenticate;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.Ready;
import com.datastax.oss.protocol.internal.response.Supported;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's connection: the handshake (options, startup, login) answered by the proxy itself,
 * then every request handed to the {@link Dispatcher} of the moment ({@link Switchboard}) and its
 * answer sent back under the client's stream id, in whatever order the answers come.
 */
final class ClientConnection extends SimpleChannelInboundHandler<Frame> {

  private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
  private static final int NEWEST_VERSION = 5;
  private static final Map<String, List<String>> SUPPORTED =
      Map.of(
          "CQL_VERSION", List.of("3.4.7"),
          "COMPRESSION", List.of("lz4"),
          "PROTOCOL_VERSIONS", List.of("3/v3", "4/v4", "5/v5"));

  private final Switchboard switchboard;
  private final ClientPasswords passwords;
  private final Framing framing;
  private final ClientState state = new ClientState();
  private final ProxyMetrics metrics;
  private final SchemaEvents schemaEvents;
  private boolean loggedIn;
  private boolean started;

  ClientConnection(
      Switchboard switchboard,
      ClientPasswords passwords,
      Framing framing,
      ProxyMetrics metrics,
      SchemaEvents schemaEvents) {
    this.schemaEvents = schemaEvents;
    this.switchboard = switchboard;
    this.metrics = metrics;
    this.passwords = passwords;
    this.framing = framing;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    metrics.connectionOpened();
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    metrics.connectionClosed();
    super.channelInactive(ctx);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, Frame frame) {
    if (frame.protocolVersion > NEWEST_VERSION || frame.beta) {
      refuseVersion(ctx, frame.streamId, Integer.toString(frame.protocolVersion));
      return;
    }
    started = true;
    Message request = frame.message;
    if (request instanceof Options) {
      reply(ctx, frame, new Supported(SUPPORTED));
    } else if (request instanceof Startup startup) {
      startup(ctx, frame, startup);
    } else if (request instanceof AuthResponse login) {
      login(ctx, frame, login);
    } else if (request instanceof Register register) {
      if (register.eventTypes.contains(ProtocolConstants.EventType.SCHEMA_CHANGE)) {
        schemaEvents.register(ctx.channel(), frame.protocolVersion);
      }
      reply(ctx, frame, new Ready());
    } else if (!loggedIn) {
      reply(
          ctx,
          frame,
          new Error(
              ProtocolConstants.ErrorCode.PROTOCOL_ERROR,
              "Start the connection (and log in) before sending requests"));
    } else {
      switchboard.current().answer(request, state).thenAccept(answer -> reply(ctx, frame, answer));
    }
  }

  private void startup(ChannelHandlerContext ctx, Frame frame, Startup startup) {
    String compression = startup.options.get("COMPRESSION");
    if (compression != null && !compression.equalsIgnoreCase("lz4")) {
      reply(
          ctx,
          frame,
          new Error(
              ProtocolConstants.ErrorCode.PROTOCOL_ERROR,
              "The proxy compresses with lz4 only, not " + compression));
      return;
    }
    if (passwords == null) {
      loggedIn = true;
      reply(ctx, frame, new Ready());
    } else {
      reply(ctx, frame, new Authenticate(ClientPasswords.AUTHENTICATOR));
    }
    framing.afterStartup(ctx.pipeline(), frame.protocolVersion >= 5, compression != null);
  }

  private void login(ChannelHandlerContext ctx, Frame frame, AuthResponse login) {
    if (passwords != null && passwords.accepts(login.token)) {
      loggedIn = true;
      reply(ctx, frame, new AuthSuccess(null));
    } else {
      LOG.info("A client from {} gave a wrong user or password", ctx.channel().remoteAddress());
      reply(
          ctx,
          frame,
          new Error(
              ProtocolConstants.ErrorCode.AUTH_ERROR,
              "Provided username and/or password are incorrect"));
    }
  }

  private static void reply(ChannelHandlerContext ctx, Frame request, Message answer) {
    reply(ctx, request.protocolVersion, request.streamId, answer);
  }

  private static void reply(ChannelHandlerContext ctx, int version, int streamId, Message answer) {
    ctx.writeAndFlush(
        Frame.forResponse(version, streamId, null, Frame.NO_PAYLOAD, List.of(), answer));
  }

  /**
   * Answers a request in a protocol version the proxy does not speak as Cassandra does, so the
   * client's driver tries again with an older one (the Java driver starts with DSE's).
   */
  private static void refuseVersion(ChannelHandlerContext ctx, int streamId, String version) {
    refuse(
        ctx,
        streamId,
        "Invalid or unsupported protocol version ("
            + version
            + "); supported versions are (3/v3, 4/v4, 5/v5)");
  }

  /** Answers with a protocol error, then closes the connection. */
  private static void refuse(ChannelHandlerContext ctx, int streamId, String message) {
    ctx.channel()
        .writeAndFlush(
            Frame.forResponse(
                4,
                streamId,
                null,
                Frame.NO_PAYLOAD,
                List.of(),
                new Error(ProtocolConstants.ErrorCode.PROTOCOL_ERROR, message)))
        .addListener(ChannelFutureListener.CLOSE);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!started && cause instanceof FrameDecodingException decoding) {
      Integer version = ctx.channel().attr(Framing.FIRST_VERSION).get();
      if (version == null || version > ProtocolConstants.Version.V5) {
        refuseVersion(ctx, decoding.streamId, version == null ? "newer than v5" : "v" + version);
      } else {
        // A frame of a version the proxy speaks, but malformed (a bad length, a bad body).
        Throwable why = decoding.getCause() == null ? decoding : decoding.getCause();
        String message = "Invalid frame of protocol v" + version + ": " + why.getMessage();
        LOG.info("Refusing the connection of {}: {}", ctx.channel().remoteAddress(), message);
        refuse(ctx, decoding.streamId, message);
      }
      return;
    }
    LOG.info("Closing the connection of {}: {}", ctx.channel().remoteAddress(), cause.toString());
    ctx.close();
  }
}
