package io.sluice.proxy;

import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.internal.core.protocol.ByteBufPrimitiveCodec;
import com.datastax.oss.driver.internal.core.protocol.BytesToSegmentDecoder;
import com.datastax.oss.driver.internal.core.protocol.FrameDecoder;
import com.datastax.oss.driver.internal.core.protocol.FrameEncoder;
import com.datastax.oss.driver.internal.core.protocol.FrameToSegmentEncoder;
import com.datastax.oss.driver.internal.core.protocol.Lz4Compressor;
import com.datastax.oss.driver.internal.core.protocol.SegmentToBytesEncoder;
import com.datastax.oss.driver.internal.core.protocol.SegmentToFrameDecoder;
import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.SegmentCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.AttributeKey;

/**
 * The server side of the native protocol's framing, with the codecs the Java driver itself uses:
 * frames on their own up to v4 and during a v5 handshake, and v5's checksummed segments once the
 * proxy has answered the client's {@code STARTUP}; LZ4-compressed frames (v4) or segments (v5) from
 * then on when the client asks for them.
 */
final class Framing {

  private static final int MAX_FRAME_BYTES = 256 * 1024 * 1024;
  private static final String FRAME_DECODER = "frameDecoder";
  private static final String FRAME_ENCODER = "frameEncoder";

  private final ByteBufPrimitiveCodec primitives =
      new ByteBufPrimitiveCodec(ByteBufAllocator.DEFAULT);
  private final FrameCodec<ByteBuf> frames =
      FrameCodec.defaultServer(primitives, Compressor.none());
  private final SegmentCodec<ByteBuf> segments = new SegmentCodec<>(primitives, Compressor.none());
  private final FrameCodec<ByteBuf> lz4Frames;
  private final SegmentCodec<ByteBuf> lz4Segments;

  /**
   * @param context a driver context, which the driver's LZ4 codec names in its logs
   */
  Framing(DriverContext context) {
    Compressor<ByteBuf> lz4 = new Lz4Compressor(context);
    this.lz4Frames = FrameCodec.defaultServer(primitives, lz4);
    this.lz4Segments = new SegmentCodec<>(primitives, lz4);
  }

  /** The protocol version the first byte a client sent names, once it sent one. */
  static final AttributeKey<Integer> FIRST_VERSION = AttributeKey.valueOf("sluice.firstVersion");

  /** Adds the frame codecs a new connection starts with. */
  void install(ChannelPipeline pipeline) {
    pipeline.addLast("firstVersion", new FirstVersion());
    pipeline.addLast(FRAME_DECODER, new FrameDecoder(frames, MAX_FRAME_BYTES));
    pipeline.addLast(FRAME_ENCODER, new FrameEncoder(frames, MAX_FRAME_BYTES));
  }

  /**
   * Notes the version of the client's first frame (the low bits of its first byte), so that a frame
   * that cannot be read is refused for its version or for itself; then leaves the pipeline.
   */
  private static final class FirstVersion extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
      if (message instanceof ByteBuf bytes && bytes.isReadable()) {
        ctx.channel().attr(FIRST_VERSION).set(bytes.getByte(bytes.readerIndex()) & 0x7F);
        ctx.pipeline().remove(this);
      }
      ctx.fireChannelRead(message);
    }
  }

  /**
   * Sets the framing the client uses once its {@code STARTUP} is answered: v5 segments for v5, and
   * LZ4 compression where it asked for it.
   */
  void afterStartup(ChannelPipeline pipeline, boolean segmented, boolean compressed) {
    if (segmented) {
      SegmentCodec<ByteBuf> segmentCodec = compressed ? lz4Segments : segments;
      pipeline.replace(
          FRAME_ENCODER, "frameToSegment", new FrameToSegmentEncoder(primitives, frames, "proxy"));
      pipeline.addBefore(
          "frameToSegment", "segmentToBytes", new SegmentToBytesEncoder(segmentCodec));
      pipeline.replace(FRAME_DECODER, "bytesToSegment", new BytesToSegmentDecoder(segmentCodec));
      pipeline.addAfter(
          "bytesToSegment", "segmentToFrame", new SegmentToFrameDecoder(frames, "proxy"));
    } else if (compressed) {
      pipeline.replace(FRAME_ENCODER, FRAME_ENCODER, new FrameEncoder(lz4Frames, MAX_FRAME_BYTES));
      pipeline.replace(FRAME_DECODER, FRAME_DECODER, new FrameDecoder(lz4Frames, MAX_FRAME_BYTES));
    }
  }
}
