package io.sluice.core.source;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of a source plugin's folder: its own jars first, then its parent's, so that a
 * plugin keeps the libraries it was built with where the application holds other versions of them
 * (Spark's Hadoop beside HBase's: a package split between the two loaders cannot reach its own
 * package-private classes). Sluice's own classes, the logging API and the JDK's come from the
 * parent first, as a plugin must share them with the application.
 */
final class PluginClassLoader extends URLClassLoader {

  /** Packages a plugin shares with the application: the parent's, whatever the plugin holds. */
  private static final List<String> SHARED =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "sun.",
          "com.sun.",
          "org.w3c.dom.",
          "org.xml.sax.",
          "org.ietf.jgss.",
          "io.sluice.",
          "org.slf4j.");

  static {
    registerAsParallelCapable();
  }

  PluginClassLoader(String name, URL[] jars, ClassLoader parent) {
    super(name, jars, parent);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (SHARED.stream().anyMatch(name::startsWith)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded == null) {
        try {
          loaded = findClass(name);
        } catch (ClassNotFoundException notInPlugin) {
          loaded = getParent().loadClass(name);
        }
      }
      if (resolve) {
        resolveClass(loaded);
      }
      return loaded;
    }
  }

  @Override
  public URL getResource(String name) {
    URL own = findResource(name);
    return own != null ? own : super.getResource(name);
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
    all.addAll(Collections.list(getParent().getResources(name)));
    return Collections.enumeration(all);
  }
}
