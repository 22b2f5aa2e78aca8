package io.sluice.cli;

import io.sluice.flags.ExitCodes;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns an exception that ends a command into one clear sentence on standard error and the
 * "aborted" exit code. The stack trace is shown only with {@code --verbose}.
 */
final class ErrorReporter implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(
      Exception exception, CommandLine commandLine, ParseResult parseResult) {
    commandLine.getErr().println("Error: " + sentence(exception));
    if (SluiceCommand.Verbosity.verbose) {
      exception.printStackTrace(commandLine.getErr());
    } else {
      commandLine.getErr().println("(run with --verbose for details)");
    }
    commandLine.getErr().flush();
    return ExitCodes.ABORTED;
  }

  static String sentence(Throwable error) {
    Throwable current = error;
    while (current.getMessage() == null && current.getCause() != null) {
      current = current.getCause();
    }
    String message = current.getMessage();
    return message == null ? current.getClass().getSimpleName() : message;
  }
}
