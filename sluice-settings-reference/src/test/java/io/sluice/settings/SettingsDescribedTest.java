package io.sluice.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** Every setting the reference shows has its help where it is declared. */
class SettingsDescribedTest {

  @Test
  void should_find_help_on_every_setting_of_every_settings_record() {
    List<String> undescribed = new ArrayList<>();
    for (Section section : SettingsTree.build().sections()) {
      for (SettingKey key : SettingsRecords.keysOf(section.record())) {
        if (!SettingsRecords.isClusterKey(key) && key.help().isBlank()) {
          undescribed.add(section.record().getName() + "." + key.component().getName());
        }
      }
    }
    assertThat(undescribed)
        .as("record components without @Setting help (the reference needs one paragraph each)")
        .isEmpty();
  }

  @Test
  void should_find_help_on_every_flag_of_both_command_lines() {
    List<String> undescribed = new ArrayList<>();
    for (CommandSpec root :
        List.of(
            new CommandLine(new io.sluice.cli.SluiceCommand()).getCommandSpec(),
            io.sluice.spark.SluiceSpark.commandLine(
                    new org.apache.spark.SparkConf(false),
                    new java.io.PrintWriter(new java.io.StringWriter()))
                .getCommandSpec())) {
      collect(root, undescribed);
    }
    assertThat(undescribed).as("flags without a description").isEmpty();
  }

  private static void collect(CommandSpec command, List<String> undescribed) {
    for (ArgSpec argument : CommandFlags.arguments(command)) {
      if (String.join(" ", argument.description()).isBlank()) {
        undescribed.add(command.qualifiedName() + " " + argument.paramLabel());
      }
    }
    for (CommandLine sub : command.subcommands().values()) {
      if (!(sub.getCommandSpec().userObject() instanceof CommandLine.HelpCommand)) {
        collect(sub.getCommandSpec(), undescribed);
      }
    }
  }
}
