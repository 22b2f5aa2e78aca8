package io.sluice.hbase;

import java.io.IOException;

/**
 * Runs HBase and Hadoop code with this module's class loader as the thread's context loader. The
 * CLI loads this module in a class loader of its own (a plugin), and Hadoop finds its file systems
 * and settings through the context loader, which would otherwise be the CLI's and see none of them.
 */
final class OwnClassLoader {

  /** Work that may fail with an {@link IOException}. */
  interface IoWork<T> {
    T run() throws IOException;
  }

  private OwnClassLoader() {}

  static <T> T call(IoWork<T> work) throws IOException {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(OwnClassLoader.class.getClassLoader());
    try {
      return work.run();
    } finally {
      thread.setContextClassLoader(before);
    }
  }
}
