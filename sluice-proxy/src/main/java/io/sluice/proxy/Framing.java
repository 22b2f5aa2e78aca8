package io.sluice.proxy;

import com.datastax.oss.driver.internal.core.protocol.ByteBufPrimitiveCodec;
import com.datastax.oss.driver.internal.core.protocol.BytesToSegmentDecoder;
import com.datastax.oss.driver.internal.core.protocol.FrameDecoder;
import com.datastax.oss.driver.internal.core.protocol.FrameEncoder;
import com.datastax.oss.driver.internal.core.protocol.FrameToSegmentEncoder;
import com.datastax.oss.driver.internal.core.protocol.SegmentToBytesEncoder;
import com.datastax.oss.driver.internal.core.protocol.SegmentToFrameDecoder;
import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.SegmentCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelPipeline;

/**
 * The server side of the native protocol's framing, with the codecs the Java driver itself uses:
 * frames on their own up to v4 and during a v5 handshake, and v5's checksummed segments once the
 * proxy has answered the client's {@code STARTUP}.
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

  /** Adds the frame codecs a new connection starts with. */
  void install(ChannelPipeline pipeline) {
    pipeline.addLast(FRAME_DECODER, new FrameDecoder(frames, MAX_FRAME_BYTES));
    pipeline.addLast(FRAME_ENCODER, new FrameEncoder(frames, MAX_FRAME_BYTES));
  }

  /** Puts v5 segments between the bytes and the frames, both ways. */
  void switchToSegments(ChannelPipeline pipeline) {
    pipeline.replace(
        FRAME_ENCODER, "frameToSegment", new FrameToSegmentEncoder(primitives, frames, "proxy"));
    pipeline.addBefore("frameToSegment", "segmentToBytes", new SegmentToBytesEncoder(segments));
    pipeline.replace(FRAME_DECODER, "bytesToSegment", new BytesToSegmentDecoder(segments));
    pipeline.addAfter(
        "bytesToSegment", "segmentToFrame", new SegmentToFrameDecoder(frames, "proxy"));
  }
}
