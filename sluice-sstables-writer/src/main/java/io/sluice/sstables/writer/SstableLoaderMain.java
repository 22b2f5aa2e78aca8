package io.sluice.sstables.writer;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
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
 * first line (empty when none: so it is never on a command line), then one table folder per line.
 * For each folder it answers {@code LOADED <folder>} on standard output once the folder is
 * streamed, or {@code FAILED <folder> <reason>} and ends. The loader's own output goes to standard
 * error.
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
    String folder;
    while ((folder = in.readLine()) != null && !folder.isEmpty()) {
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
