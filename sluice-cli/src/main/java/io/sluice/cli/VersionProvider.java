package io.sluice.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest, or "development" when run from classes. */
final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() {
    String version = SluiceCommand.class.getPackage().getImplementationVersion();
    return new String[] {"sluice " + (version == null ? "development build" : version)};
  }
}
