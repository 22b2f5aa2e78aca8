package io.sluice.core.sink;

import io.sluice.core.job.JobFileException;
import io.sluice.core.job.TargetSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds the {@link TargetProvider} for a target type among those on the class path. */
public final class Targets {

  private Targets() {}

  public static Target connect(TargetSpec spec, Path baseDir) {
    return provider(spec).connect(spec, baseDir);
  }

  /** Creates what is missing of the target's schema ({@link TargetProvider#createSchema}). */
  public static List<String> createSchema(TargetSpec spec, Path baseDir, String cql) {
    return provider(spec).createSchema(spec, baseDir, cql);
  }

  /** Connects for a validation ({@link TargetProvider#connectToCheck}). */
  public static Target connectToCheck(TargetSpec spec, Path baseDir) {
    return provider(spec).connectToCheck(spec, baseDir);
  }

  private static TargetProvider provider(TargetSpec spec) {
    TreeSet<String> known = new TreeSet<>();
    for (TargetProvider provider : ServiceLoader.load(TargetProvider.class)) {
      if (provider.type().equalsIgnoreCase(spec.type())) {
        return provider;
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
