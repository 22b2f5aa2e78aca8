package io.sluice.core.sink;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.TargetSpec;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds the {@link TargetProvider} for a target type among those on the class path. */
public final class Targets {

  private Targets() {}

  public static Target connect(TargetSpec spec, Path baseDir) {
    TreeSet<String> known = new TreeSet<>();
    for (TargetProvider provider : ServiceLoader.load(TargetProvider.class)) {
      if (provider.type().equalsIgnoreCase(spec.type())) {
        return provider.connect(spec, baseDir);
      }
      known.add(provider.type());
    }
    throw new JobFileException(
        "target.type '"
            + spec.type()
            + "' is not a known target type; known types: "
            + known
            + ".");
  }
}
