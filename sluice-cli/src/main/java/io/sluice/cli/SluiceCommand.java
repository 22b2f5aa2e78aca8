package io.sluice.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.sluice.cassandra.SharedSessions;
import io.sluice.flags.ExitCodes;
import io.sluice.flags.UsageErrors;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code sluice} command: the entry point of the runnable jar. */
@Command(
    name = "sluice",
    mixinStandardHelpOptions = true,
    // Every subcommand takes --help (and --version) too: "sluice migrate --help" shows its options.
    scope = CommandLine.ScopeType.INHERIT,
    versionProvider = VersionProvider.class,
    description = "Moves large datasets into Cassandra-family clusters without losing a row.",
    subcommands = {
      MigrateCommand.class,
      PlanCommand.class,
      ValidateCommand.class,
      StreamCommand.class,
      ReportCommand.class,
      DoctorCommand.class,
      CassandraCommand.class,
      DemoCommand.class,
      ProxyCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {
      "",
      "Exit codes: 0 ok, 1 completed with rejected records (validate: differences found),"
          + " 2 aborted, 3 interrupted, 64 usage."
    })
public final class SluiceCommand {

  @Option(
      names = "--verbose",
      scope = CommandLine.ScopeType.INHERIT,
      description = "Show debug logs and stack traces of errors.")
  void setVerbose(boolean verbose) {
    Verbosity.verbose = verbose;
    if (verbose) {
      ((Logger) LoggerFactory.getLogger("io.sluice")).setLevel(Level.DEBUG);
    }
  }

  public static void main(String[] args) {
    int exitCode = run(args);
    // A session kept open for a next user would hold the exit back by about 0.3 s.
    SharedSessions.closeAll();
    System.exit(exitCode);
  }

  /** Runs the command line and returns the exit code, without exiting. */
  public static int run(String... args) {
    return run(
        new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
  }

  /** Runs the command line with its output going to {@code out} and {@code err} (for tests). */
  public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
    // Logging set up here, before a command starts threads that log at once (a job's target
    // connects while its sources open): SLF4J warns of, and replays, what is logged while it is
    // being set up.
    LoggerFactory.getILoggerFactory();
    CommandLine commandLine = new CommandLine(new SluiceCommand());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setParameterExceptionHandler(new UsageErrors());
    commandLine.setExecutionExceptionHandler(new ErrorReporter());
    if (args.length > 0
        && !args[0].startsWith("-")
        && !commandLine.getSubcommands().containsKey(args[0])) {
      // Checked before parsing: with --help among the arguments, picocli would show the help and
      // succeed, hiding the mistake.
      err.println("Error: Unknown command '" + args[0] + "'.");
      err.println("See 'sluice --help' for the commands.");
      err.flush();
      return ExitCodes.USAGE;
    }
    try {
      return commandLine.execute(args);
    } finally {
      // A command may print without a line end (print, not println): flushed before main exits.
      out.flush();
      err.flush();
    }
  }

  /** Whether {@code --verbose} was given. */
  static final class Verbosity {
    static volatile boolean verbose;

    private Verbosity() {}
  }
}
