package io.sluice.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * The CLI's logging, set up in code (logback finds it as a service) rather than read from a {@code
 * logback.xml}: parsing an XML configuration cost every start about 500 classes and 0.1 s. A {@code
 * logback.configurationFile} given to the JVM, or a test's {@code logback-test.xml}, still wins.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class ConsoleLogging extends ContextAwareBase implements Configurator {

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (System.getProperty("logback.configurationFile") != null
        || ConsoleLogging.class.getClassLoader().getResource("logback-test.xml") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%d{HH:mm:ss} %-5level %logger{0} - %msg%n");
    encoder.start();
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setName("STDERR");
    console.setTarget("System.err");
    console.setEncoder(encoder);
    console.start();
    // The console shows warnings and errors only: progress and reports are printed by the
    // commands themselves. The verbose option lowers io.sluice to DEBUG.
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(console);
    context.getLogger("io.sluice").setLevel(Level.INFO);
    context.getLogger("com.datastax.oss.driver").setLevel(Level.ERROR);
    // Sluice closes driver sessions without the driver's 2 s quiet period, so a closing session can
    // hand a listener to an executor that has just stopped: Netty logs that as an error with a
    // stack trace, though the session closed and nothing was lost.
    context
        .getLogger("io.netty.util.concurrent.DefaultPromise.rejectedExecution")
        .setLevel(Level.OFF);
    // The HBase source (a plugin) reads regions with HBase's own code and no region server around
    // it: HBase and Hadoop warn of what such a reader does without (native libraries, metrics
    // settings, unaligned memory access). Their errors still show.
    context.getLogger("org.apache.hadoop").setLevel(Level.ERROR);
    context.getLogger("org.apache.hbase").setLevel(Level.ERROR);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}
