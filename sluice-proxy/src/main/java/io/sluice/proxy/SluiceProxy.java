package io.sluice.proxy;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.sluice.cassandra.Secrets;
import io.sluice.cassandra.TlsContexts;
import io.sluice.core.job.JobFileException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dual-write proxy: accepts CQL clients on its own address, looks to them like a cluster of one
 * node, and sends their reads to the primary cluster and their writes to both.
 */
public final class SluiceProxy implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(SluiceProxy.class);

  private final Backend primary;
  private final Backend secondary;
  private final ProxyMetrics metrics;
  private final ProxyTimeline timeline;
  private final ShadowReads shadows;
  private final AdminEndpoint admin;
  private final MissedWrites missed;
  private final Replayer replayer;
  private final EventLoopGroup acceptor;
  private final SharedEventLoops loops;
  private final Channel server;

  private SluiceProxy(
      Backend primary,
      Backend secondary,
      ProxyMetrics metrics,
      ProxyTimeline timeline,
      ShadowReads shadows,
      AdminEndpoint admin,
      MissedWrites missed,
      Replayer replayer,
      EventLoopGroup acceptor,
      SharedEventLoops loops,
      Channel server) {
    this.missed = missed;
    this.replayer = replayer;
    this.primary = primary;
    this.secondary = secondary;
    this.metrics = metrics;
    this.timeline = timeline;
    this.shadows = shadows;
    this.admin = admin;
    this.acceptor = acceptor;
    this.loops = loops;
    this.server = server;
  }

  /**
   * Connects to both clusters and starts accepting clients.
   *
   * @param baseDir the folder files named in the configuration are relative to
   * @throws IllegalArgumentException with one sentence when a cluster cannot be reached, a secret
   *     cannot be read or the address cannot be listened on
   */
  public static SluiceProxy start(ProxyConfig config, Path baseDir) {
    InetSocketAddress listen = address(config.listen(), "listen");
    ClientPasswords passwords = passwords(config.clientLogin(), baseDir);
    SSLContext clientTls =
        config.clientTls() == null
            ? null
            : TlsContexts.of(config.clientTls(), "client-tls", baseDir, System.getenv());
    boolean clientCertificates =
        config.clientTls() != null && config.clientTls().truststore() != null;
    PreparedStatements prepared = new PreparedStatements(config.preparedStatements());
    SchemaEvents schemaEvents = new SchemaEvents();
    ProxyMetrics metrics = new ProxyMetrics(prepared::size);
    SharedEventLoops loops = new SharedEventLoops(config.ioThreads());
    Backend primary = null;
    Backend secondary = null;
    try {
      if (config.metricsListen() != null) {
        metrics.serve(address(config.metricsListen(), "metrics-listen"));
      }
      primary =
          Backend.connect(
              ClusterRole.PRIMARY,
              config.primary(),
              baseDir,
              config.requestTimeoutDuration(),
              metrics,
              loops,
              false,
              schemaEvents);
      secondary =
          Backend.connect(
              ClusterRole.SECONDARY,
              config.secondary(),
              baseDir,
              config.requestTimeoutDuration(),
              metrics,
              loops,
              config.keepsMissedWrites(),
              null);
    } catch (RuntimeException e) {
      if (primary != null) {
        primary.close();
      }
      metrics.close();
      loops.close();
      throw e;
    }
    ShadowReads shadows =
        new ShadowReads(config.shadowReads(), metrics, config.stateDirIn(baseDir), loops.group());
    MissedWrites missed = null;
    Replayer replayer = null;
    if (config.keepsMissedWrites()) {
      ReplayLog log =
          ReplayLog.open(
              config.stateDirIn(baseDir).resolve("replay"), config.replayLog().maxSizeBytes());
      metrics.replayBacklog(log);
      missed =
          new MissedWrites(
              log,
              config.replayLog().timeoutDuration(),
              config.replayLog().schemaTimeoutDuration(),
              config.replayLog().maxSize(),
              metrics);
      Map<ClusterRole, Backend> clusters =
          Map.of(ClusterRole.PRIMARY, primary, ClusterRole.SECONDARY, secondary);
      replayer =
          Replayer.start(
              missed,
              new UncertainWrites(config.stateDirIn(baseDir).resolve("uncertain-writes.jsonl")),
              clusters::get,
              metrics,
              config.replayLog().rate());
    }
    Dispatcher dispatcher =
        new Dispatcher(
            primary,
            secondary,
            prepared,
            new ProxyNodeRows(listen, UUID.randomUUID()),
            metrics,
            shadows,
            missed,
            new WriteClock());
    Switchboard switchboard =
        new Switchboard(dispatcher, metrics, missed == null ? null : missed.log());
    Framing framing = new Framing(primary.context());
    EventLoopGroup acceptor = new NioEventLoopGroup(1, new DefaultThreadFactory("proxy-accept"));
    try {
      Channel server =
          new ServerBootstrap()
              .group(acceptor, loops.group())
              .channel(NioServerSocketChannel.class)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                      if (clientTls != null) {
                        SSLEngine engine = clientTls.createSSLEngine();
                        engine.setUseClientMode(false);
                        engine.setNeedClientAuth(clientCertificates);
                        channel.pipeline().addLast("tls", new SslHandler(engine));
                      }
                      framing.install(channel.pipeline());
                      // Answers come from the clusters one by one: flushed together, several
                      // share a write to the socket (and a v5 segment).
                      channel.pipeline().addLast(new FlushConsolidationHandler(256, true));
                      channel
                          .pipeline()
                          .addLast(
                              "client",
                              new ClientConnection(
                                  switchboard, passwords, framing, metrics, schemaEvents));
                    }
                  })
              .bind(listen)
              .syncUninterruptibly()
              .channel();
      LOG.info("The proxy listens on {}", server.localAddress());
      ProxyStatus status =
          new ProxyStatus(switchboard, primary, secondary, metrics, missed, replayer);
      AdminEndpoint admin = admin(config.admin(), baseDir, switchboard, status);
      ProxyTimeline timeline = ProxyTimeline.start(config.stateDirIn(baseDir), metrics);
      return new SluiceProxy(
          primary, secondary, metrics, timeline, shadows, admin, missed, replayer, acceptor, loops,
          server);
    } catch (RuntimeException e) {
      if (replayer != null) {
        replayer.close();
        missed.log().close();
      }
      acceptor.shutdownGracefully();
      primary.close();
      secondary.close();
      metrics.close();
      loops.close();
      throw new IllegalArgumentException(
          "Cannot listen on " + config.listen() + ": " + e.getMessage(), e);
    }
  }

  /** Where clients connect; the port chosen when the configuration asked for port 0. */
  public InetSocketAddress address() {
    return (InetSocketAddress) server.localAddress();
  }

  /** Waits until the proxy is closed. */
  public void awaitClose() throws InterruptedException {
    server.closeFuture().await();
  }

  @Override
  public void close() {
    server.close().syncUninterruptibly();
    timeline.close();
    shadows.close();
    if (admin != null) {
      admin.close();
    }
    acceptor.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS);
    if (replayer != null) {
      replayer.close();
      missed.log().close();
    }
    primary.close();
    secondary.close();
    metrics.close();
    loops.close();
  }

  /** Where Prometheus metrics are served, or null when the configuration asks for none. */
  public InetSocketAddress metricsAddress() {
    return metrics.address();
  }

  /** The proxy's metrics now, in Prometheus's text format. */
  public String metrics() {
    return metrics.scrape();
  }

  private static AdminEndpoint admin(
      AdminSpec spec, Path baseDir, Switchboard switchboard, ProxyStatus status) {
    if (spec == null) {
      return null;
    }
    String token =
        Secrets.read("admin.token", spec.tokenEnv(), spec.tokenFile(), baseDir, System.getenv());
    if (token == null || token.isEmpty()) {
      throw new JobFileException(
          "'admin:' needs its token in the variable or file named by 'token-env' or"
              + " 'token-file'.");
    }
    return AdminEndpoint.serve(address(spec.listen(), "admin.listen"), token, switchboard, status);
  }

  /** Writes kept in the replay log not yet replayed; 0 without {@code secondary-failure: log}. */
  public long replayBacklog() {
    return missed == null ? 0 : missed.log().backlogWrites();
  }

  /** Where the admin endpoint listens, or null when the configuration asks for none. */
  public InetSocketAddress adminAddress() {
    return admin == null ? null : admin.address();
  }

  private static ClientPasswords passwords(ClientLogin login, Path baseDir) {
    if (login == null) {
      return null;
    }
    String password =
        Secrets.read(
            "client-login.password",
            login.passwordEnv(),
            login.passwordFile(),
            baseDir,
            System.getenv());
    if (password == null) {
      throw new JobFileException(
          "'client-login:' needs 'password-env' or 'password-file' for user "
              + login.username()
              + ".");
    }
    return new ClientPasswords(login.username(), password);
  }

  private static InetSocketAddress address(String hostAndPort, String setting) {
    int colon = hostAndPort.lastIndexOf(':');
    try {
      return new InetSocketAddress(
          hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
    } catch (RuntimeException e) {
      throw new JobFileException(
          "'"
              + setting
              + "' must be host:port, such as 127.0.0.1:9042, not '"
              + hostAndPort
              + "'.");
    }
  }
}
