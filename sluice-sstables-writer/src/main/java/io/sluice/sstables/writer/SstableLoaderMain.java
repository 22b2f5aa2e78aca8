package io.sluice.sstables.writer;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.cassandra.tools.BulkLoader;
import org.apache.cassandra.tools.LoaderOptions;

/**
 * The SSTable loader process: Cassandra's own {@link BulkLoader}, run once per folder in one JVM.
 * Its arguments are the loader's options without a folder; standard input gives the password on its
 * first line (empty when none: so it is never on a command line), then one table folder per line,
 * then an empty line. For each folder it answers {@code LOADED <folder>} on standard output once
 * the folder is streamed, or {@code FAILED <folder> <reason>} and ends. Standard input stays open
 * while it works: when it closes early, Sluice is gone, and the process ends at once rather than go
 * on loading what nobody will mark as loaded. The loader's own output goes to standard error.
 */
public final class SstableLoaderMain {

  private SstableLoaderMain() {}

  public static void main(String[] args) throws Exception {
    PrintStream answers =
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String password = in.readLine();
    List<String> folders = new ArrayList<>();
    String line;
    while ((line = in.readLine()) != null && !line.isEmpty()) {
      folders.add(line);
    }
    Thread watch =
        new Thread(
            () -> {
              try {
                while (in.read() >= 0) {
                  // Nothing more is sent; only the end of input matters.
                }
              } catch (IOException e) {
                // Sluice is gone all the same.
              }
              Runtime.getRuntime().halt(3);
            },
            "sluice-gone");
    watch.setDaemon(true);
    watch.start();
    for (String folder : folders) {
      List<String> folderArgs = new ArrayList<>(List.of(args));
      folderArgs.add(folder);
      try {
        BulkLoader.load(options(folderArgs.toArray(String[]::new), password));
        answers.println("LOADED\t" + folder);
      } catch (Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        answers.println("FAILED\t" + folder + "\t" + message.replace('\n', ' '));
        System.exit(1);
      }
    }
    System.exit(0);
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
