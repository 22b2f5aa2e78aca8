package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.session.ProgrammaticArguments;
import com.datastax.oss.driver.internal.core.context.DefaultDriverContext;
import com.datastax.oss.driver.internal.core.context.NettyOptions;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One group of event loops for the proxy's client connections and for every driver connection to
 * the clusters. A request then moves from a client's connection to a cluster's connection and back
 * on threads that are already awake, instead of waking a thread of another group at each step,
 * which at a modest request rate cost the proxy more CPU than the requests themselves.
 */
final class SharedEventLoops implements AutoCloseable {

  private final EventLoopGroup loops;

  SharedEventLoops(int threads) {
    this.loops = new NioEventLoopGroup(threads, new DefaultThreadFactory("proxy-io"));
  }

  /** The loops client connections are served on. */
  EventLoopGroup group() {
    return loops;
  }

  /** A session builder whose connections run on these loops. */
  CqlSessionBuilder sessionBuilder() {
    return new CqlSessionBuilder() {
      @Override
      protected DriverContext buildContext(
          DriverConfigLoader configLoader, ProgrammaticArguments arguments) {
        return new DefaultDriverContext(configLoader, arguments) {
          @Override
          protected NettyOptions buildNettyOptions() {
            return new OnSharedLoops(getSessionName());
          }
        };
      }
    };
  }

  @Override
  public void close() {
    loops.shutdownGracefully(0, 2, TimeUnit.SECONDS);
  }

  /**
   * A session's Netty settings on the shared loops: its own admin executor and timer, which it
   * closes with itself, and the loops, which it leaves running.
   */
  private final class OnSharedLoops implements NettyOptions {

    private final DefaultEventExecutorGroup admin;
    private final HashedWheelTimer timer;

    OnSharedLoops(String sessionName) {
      this.admin =
          new DefaultEventExecutorGroup(1, new DefaultThreadFactory(sessionName + "-admin"));
      this.timer =
          new HashedWheelTimer(
              new DefaultThreadFactory(sessionName + "-timer"), 100, TimeUnit.MILLISECONDS);
    }

    @Override
    public EventLoopGroup ioEventLoopGroup() {
      return loops;
    }

    @Override
    public Class<? extends Channel> channelClass() {
      return NioSocketChannel.class;
    }

    @Override
    public EventExecutorGroup adminEventExecutorGroup() {
      return admin;
    }

    @Override
    public ByteBufAllocator allocator() {
      return ByteBufAllocator.DEFAULT;
    }

    @Override
    public void afterBootstrapInitialized(Bootstrap bootstrap) {
      bootstrap.option(ChannelOption.TCP_NODELAY, true);
    }

    @Override
    public void afterChannelInitialized(Channel channel) {
      // Nothing to add to the driver's own pipeline.
    }

    @Override
    public Future<Void> onClose() {
      timer.stop();
      admin.shutdownGracefully(0, 2, TimeUnit.SECONDS);
      return GlobalEventExecutor.INSTANCE.newSucceededFuture(null);
    }

    @Override
    public Timer getTimer() {
      return timer;
    }
  }
}
