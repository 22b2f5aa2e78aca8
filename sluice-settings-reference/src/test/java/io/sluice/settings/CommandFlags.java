package io.sluice.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command-line flags of a command and its subcommands, read from its picocli model: what the
 * commands declare is what the reference shows. {@code --help} and {@code --version}, which every
 * command takes, and options a subcommand inherits are shown once, where declared.
 */
final class CommandFlags {

  private CommandFlags() {}

  /** A section per command that takes arguments, headed by its full name. */
  static void append(StringBuilder out, CommandSpec root) {
    List<CommandSpec> commands = new ArrayList<>();
    collect(root, commands);
    for (CommandSpec command : commands) {
      List<ArgSpec> arguments = arguments(command);
      if (arguments.isEmpty()) {
        continue;
      }
      out.append("\n### `").append(command.qualifiedName()).append("`\n\n");
      String description = String.join(" ", command.usageMessage().description()).strip();
      if (!description.isEmpty()) {
        out.append(description).append("\n\n");
      }
      out.append(Markdown.header("Argument", "Type", "Default", "Help"));
      for (ArgSpec argument : arguments) {
        out.append(
            Markdown.row(
                List.of(
                    "`" + nameOf(argument) + "`",
                    typeOf(argument),
                    defaultOf(argument),
                    helpOf(argument))));
      }
    }
  }

  /** Every argument of {@code command}'s own, as picocli lists them. */
  static List<ArgSpec> arguments(CommandSpec command) {
    List<ArgSpec> arguments = new ArrayList<>();
    for (PositionalParamSpec positional : command.positionalParameters()) {
      if (!positional.inherited()) {
        arguments.add(positional);
      }
    }
    for (OptionSpec option : command.options()) {
      boolean standard = option.usageHelp() || option.versionHelp();
      if (!option.inherited() && !standard) {
        arguments.add(option);
      }
    }
    return arguments;
  }

  private static void collect(CommandSpec command, List<CommandSpec> into) {
    if (command.userObject() instanceof CommandLine.HelpCommand) {
      return;
    }
    into.add(command);
    for (CommandLine sub : command.subcommands().values()) {
      if (!into.contains(sub.getCommandSpec())) {
        collect(sub.getCommandSpec(), into);
      }
    }
  }

  private static String nameOf(ArgSpec argument) {
    if (argument instanceof OptionSpec option) {
      String names = String.join(", ", option.names());
      return option.arity().max() == 0 ? names : names + " " + option.paramLabel();
    }
    return argument.paramLabel();
  }

  private static String typeOf(ArgSpec argument) {
    if (argument instanceof OptionSpec option && option.arity().max() == 0) {
      return "flag";
    }
    Class<?>[] elements = argument.auxiliaryTypes();
    if (java.util.Collection.class.isAssignableFrom(argument.type()) && elements.length > 0) {
      return "list of " + UserTypes.of(elements[0], record -> record.getSimpleName());
    }
    return UserTypes.of(argument.type(), record -> record.getSimpleName());
  }

  /** The description, without the default it shows (the table has a column for it). */
  private static String helpOf(ArgSpec argument) {
    String help = String.join(" ", argument.description()).strip();
    String shown = shownDefault(argument);
    return shown == null
        ? help
        : help.replaceAll("\\s*\\(default:? " + Pattern.quote(shown) + "\\)", "");
  }

  private static String shownDefault(ArgSpec argument) {
    if (argument.defaultValue() != null) {
      return argument.defaultValue();
    }
    return argument.initialValue() == null ? null : String.valueOf(argument.initialValue());
  }

  private static String defaultOf(ArgSpec argument) {
    if (argument.required()) {
      return "required";
    }
    if (argument instanceof OptionSpec option && option.arity().max() == 0) {
      return "off";
    }
    String shown = shownDefault(argument);
    return shown == null ? "none" : "`" + shown + "`";
  }
}
