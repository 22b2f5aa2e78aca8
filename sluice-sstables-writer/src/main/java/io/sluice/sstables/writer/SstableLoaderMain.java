package io.sluice.sstables.writer;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.cassandra.tools.BulkLoader;
import org.apache.cassandra.tools.LoaderOptions;

/**
 * The SSTable loader process: Cassandra's own {@link BulkLoader}, run once per folder in one JVM.
 * Its arguments are the loader's options without a folder or a password; standard input gives the
 * login's password, the trust store's and the key store's, one per line (each empty when none: so
 * none is ever on a command line), then one table folder per line, then an empty line. Folders are
 * loaded one at a time in the order they come, so Sluice sends the next only when it wants it
 * loaded (after a pause for the target's compaction, say). For each folder it answers {@code LOADED
 * <folder>} on standard output once the folder is streamed, or {@code FAILED <folder> <reason>} and
 * ends; after the empty line, {@code DONE} once every folder is, and it exits. When standard input
 * ends without the empty line, Sluice is gone, and the process ends at once, even mid-folder,
 * rather than go on loading what nobody will mark as loaded. The loader's own output goes to
 * standard error.
 */
public final class SstableLoaderMain {

  private SstableLoaderMain() {}

  public static void main(String[] args) throws Exception {
    PrintStream answers =
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    serve(args, System.in, answers);
  }

  /**
   * Serves the protocol on {@code input} and {@code answers} until the empty line (the process then
   * exits) or the end of the input (it halts). The SSTable writer process calls it too, when Sluice
   * asks it to load the files it wrote: its Cassandra classes are loaded and warm by then.
   */
  static void serve(String[] args, InputStream input, PrintStream answers) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
    List<String> loaderArgs = new ArrayList<>(List.of(args));
    String password = in.readLine();
    String truststorePassword = in.readLine();
    String keystorePassword = in.readLine();
    if (truststorePassword != null && !truststorePassword.isEmpty()) {
      loaderArgs.addAll(List.of("--truststore-password", truststorePassword));
    }
    if (keystorePassword != null && !keystorePassword.isEmpty()) {
      loaderArgs.addAll(List.of("--keystore-password", keystorePassword));
    }
    String[] options = loaderArgs.toArray(String[]::new);
    loadFolders(
        in,
        answers,
        folder -> {
          List<String> folderArgs = new ArrayList<>(List.of(options));
          folderArgs.add(folder);
          BulkLoader.load(options(folderArgs.toArray(String[]::new), password));
        });
  }

  /** Loads one folder of SSTables, or throws saying why not. */
  interface FolderLoad {
    void load(String folder) throws Exception;
  }

  /**
   * The protocol's folders, after its three secret lines: each loaded in turn on a thread of its
   * own and answered, until the empty line (the process then exits) or the end of the input (it
   * halts).
   */
  static void loadFolders(BufferedReader in, PrintStream answers, FolderLoad load)
      throws Exception {
    ExecutorService loads =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "sluice-load");
              thread.setDaemon(true);
              return thread;
            });
    String folder;
    while ((folder = in.readLine()) != null) {
      if (folder.isEmpty()) {
        loads.shutdown();
        loads.awaitTermination(Long.MAX_VALUE, TimeUnit.DAYS);
        // Said before the exit, which Sluice need not wait for.
        answers.println("DONE");
        System.exit(0);
      }
      String next = folder;
      loads.execute(() -> answer(load, next, answers));
    }
    Runtime.getRuntime().halt(3);
  }

  private static void answer(FolderLoad load, String folder, PrintStream answers) {
    try {
      load.load(folder);
      answers.println("LOADED\t" + folder);
    } catch (Exception e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      answers.println("FAILED\t" + folder + "\t" + message.replace('\n', ' '));
      System.exit(1);
    }
  }

  /**
   * The loader's options from its own argument parser, with the password set apart. The builder's
   * class is not public, so it is called by reflection: the same calls {@code BulkLoader.main}
   * makes.
   */
  private static LoaderOptions options(String[] args, String password) throws Exception {
    Object builder = LoaderOptions.builder();
    Class<?> type = builder.getClass();
    Method parseArgs = type.getMethod("parseArgs", String[].class);
    parseArgs.setAccessible(true);
    parseArgs.invoke(builder, (Object) args);
    if (password != null && !password.isEmpty()) {
      Method setPassword = type.getMethod("password", String.class);
      setPassword.setAccessible(true);
      setPassword.invoke(builder, password);
    }
    Method build = type.getMethod("build");
    build.setAccessible(true);
    return (LoaderOptions) build.invoke(builder);
  }
}
