package io.sluice.flags;

import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;

/**
 * How {@code sluice} and {@code sluice-spark} answer a command line they cannot take, alike: the
 * error and where the help is, on standard error, and exit code {@link ExitCodes#USAGE}.
 */
public final class UsageErrors implements IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException error, String[] args) {
    CommandLine failed = error.getCommandLine();
    failed.getErr().println("Error: " + error.getMessage());
    failed.getErr().println("See '" + failed.getCommandSpec().qualifiedName() + " --help'.");
    failed.getErr().flush();
    return ExitCodes.USAGE;
  }
}
